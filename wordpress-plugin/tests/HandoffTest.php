<?php
/**
 * @package CloudPOS
 */

use PHPUnit\Framework\TestCase;

final class HandoffTest extends TestCase {

	private const HOME = 'http://shop.example.test';
	private const NOW  = 1_800_000_000;

	private Test_Key $key;
	private Test_Key_Source $source;
	private Test_Replay_Store $replay;
	private Cloud_POS_Handoff $handoff;

	protected function setUp(): void {
		$this->key         = new Test_Key();
		$this->source      = new Test_Key_Source( array( 'keys' => array( $this->key->jwk() ) ) );
		$this->replay      = new Test_Replay_Store();
		$this->replay->now = self::NOW;
		$this->handoff     = new Cloud_POS_Handoff( $this->source, $this->replay );
	}

	/**
	 * The claims the api signs (signHandOffToken), with overrides.
	 *
	 * @param array<string, mixed> $over Claims to change; null removes one.
	 */
	private function token( array $over = array(), ?Test_Key $key = null ): string {
		$claims = array_filter(
			$over + array(
				'email'      => 'ann@example.test',
				'name'       => 'Ann Till',
				'pos_id'     => '7',
				'wp_user_id' => 3,
				'iss'        => 'cloud-pos-api',
				'aud'        => self::HOME,
				'sub'        => 'user-1',
				'jti'        => 'b7f0c3c4-7d1e-4c55-9a55-6f3d8f0a1e2b',
				'iat'        => self::NOW - 2,
				'exp'        => self::NOW + 58,
			),
			fn( $value ) => null !== $value
		);
		return ( $key ?? $this->key )->token( $claims );
	}

	private function verify( ?string $token, int $pos_id = 7, int $now = self::NOW ): array {
		return $this->handoff->verify( $token, self::HOME, $pos_id, $now );
	}

	private function assertRefused( string $reason, array $result, int $status = 403 ): void {
		$this->assertFalse( $result['ok'] );
		$this->assertSame( Cloud_POS_Handoff::REASONS[ $reason ], $result['reason'] );
		$this->assertSame( $status, $result['status'] );
	}

	public function test_a_fresh_token_gives_its_claims(): void {
		$result = $this->verify( $this->token() );
		$this->assertTrue( $result['ok'] );
		$this->assertSame(
			array(
				'sub'        => 'user-1',
				'email'      => 'ann@example.test',
				'name'       => 'Ann Till',
				'pos_id'     => '7',
				'wp_user_id' => 3,
				'jti'        => 'b7f0c3c4-7d1e-4c55-9a55-6f3d8f0a1e2b',
				'exp'        => self::NOW + 58,
			),
			$result['claims']
		);
	}

	public function test_a_token_is_used_once(): void {
		$token = $this->token();
		$this->assertTrue( $this->verify( $token )['ok'] );
		$this->assertRefused( 'replayed', $this->verify( $token ) );
		$this->assertSame( self::NOW + 58 + Cloud_POS_Handoff::CLOCK_TOLERANCE, $this->replay->used['b7f0c3c4-7d1e-4c55-9a55-6f3d8f0a1e2b'] );
	}

	public function test_a_refused_token_does_not_use_up_its_jti(): void {
		$this->assertRefused( 'station', $this->verify( $this->token(), 8 ) );
		$this->assertSame( array(), $this->replay->used );
	}

	public function test_the_home_url_with_or_without_slash_is_the_audience(): void {
		$this->assertTrue( $this->verify( $this->token( array( 'aud' => self::HOME . '/' ) ) )['ok'] );
		$this->assertTrue( $this->verify( $this->token( array( 'aud' => array( 'other', self::HOME ), 'jti' => 'j2' ) ) )['ok'] );
		$this->assertRefused( 'audience', $this->verify( $this->token( array( 'aud' => 'http://other.example.test' ) ) ) );
		$this->assertRefused( 'audience', $this->verify( $this->token( array( 'aud' => 'https://shop.example.test' ) ) ) );
		$this->assertRefused( 'audience', $this->verify( $this->token( array( 'aud' => null ) ) ) );
	}

	public function test_expiry_with_five_seconds_of_tolerance(): void {
		$token = $this->token( array( 'iat' => self::NOW - 60, 'exp' => self::NOW ) );
		$this->assertTrue( $this->verify( $token, 7, self::NOW + 4 )['ok'] );
		$this->assertRefused( 'expired', $this->verify( $this->token( array( 'iat' => self::NOW - 60, 'exp' => self::NOW ) ), 7, self::NOW + 5 ) );
	}

	public function test_a_token_issued_too_long_ago_or_in_the_future_is_refused(): void {
		$this->assertRefused( 'expired', $this->verify( $this->token( array( 'iat' => self::NOW - 306, 'exp' => self::NOW + 60 ) ) ) );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'iat' => self::NOW + 6 ) ) ) );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'nbf' => self::NOW + 30 ) ) ) );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'iat' => null ) ) ) );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'exp' => '1800000060' ) ) ) );
	}

	public function test_the_issuer_must_be_the_api(): void {
		$this->assertRefused( 'issuer', $this->verify( $this->token( array( 'iss' => 'someone-else' ) ) ) );
	}

	public function test_the_owners_assistant_progress_rides_along_when_given(): void {
		$with = $this->verify( $this->token( array( 'assistant' => array( 'remaining' => 4, 'total' => 9 ) ) ) );
		$this->assertTrue( $with['ok'] );
		$this->assertSame(
			array(
				'remaining' => 4,
				'total'     => 9,
			),
			$with['claims']['assistant']
		);
		$this->assertArrayNotHasKey( 'assistant', $this->verify( $this->token( array( 'jti' => 'c2a1e0f4-1d2e-4f3a-8b4c-5d6e7f8a9b0c' ) ) )['claims'] );
		// A malformed claim hides the ring; the sign-in itself stands.
		foreach ( array( array( 'remaining' => 10, 'total' => 9 ), array( 'remaining' => '4', 'total' => 9 ), array( 'remaining' => -1, 'total' => 9 ), 'four' ) as $bad ) {
			$this->assertNull( Cloud_POS_Handoff::assistant_of( $bad ) );
		}
		$this->assertNull( Cloud_POS_Handoff::assistant_of( null ) );
	}

	public function test_claims_of_the_wrong_type_are_invalid(): void {
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'wp_user_id' => '3' ) ) ) );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'wp_user_id' => 0 ) ) ) );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'pos_id' => 7 ) ) ) );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'jti' => '' ) ) ) );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'sub' => null ) ) ) );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array( 'email' => null ) ) ) );
	}

	public function test_another_station_is_refused(): void {
		$this->assertRefused( 'station', $this->verify( $this->token(), 8 ) );
	}

	public function test_missing_malformed_and_foreign_tokens(): void {
		$this->assertRefused( 'missing', $this->verify( null ) );
		$this->assertRefused( 'missing', $this->verify( '' ) );
		$this->assertRefused( 'invalid', $this->verify( 'malformed' ) );
		$this->assertSame( 0, $this->source->fetches, 'a malformed token needs no keys' );
		$this->assertRefused( 'invalid', $this->verify( $this->token( array(), new Test_Key() ) ) );
	}

	public function test_keys_that_cannot_be_had_are_the_stores_trouble(): void {
		$handoff = new Cloud_POS_Handoff( new Test_Key_Source( null ), $this->replay );
		$this->assertRefused( 'keys', $handoff->verify( $this->token(), self::HOME, 7, self::NOW ), 503 );
	}

	public function test_an_unknown_kid_fetches_the_key_set_again(): void {
		$rotated = new Test_Key( 'api-next' );
		$source  = new Test_Key_Source( array( 'keys' => array( $this->key->jwk() ) ), array( 'keys' => array( $rotated->jwk() ) ) );
		$handoff = new Cloud_POS_Handoff( $source, $this->replay );
		$this->assertTrue( $handoff->verify( $this->token( array(), $rotated ), self::HOME, 7, self::NOW )['ok'] );
		$this->assertSame( 1, $source->refreshes );
		$this->assertTrue( $handoff->verify( $this->token( array( 'jti' => 'j2' ) ), self::HOME, 7, self::NOW )['ok'] );
		$this->assertSame( 1, $source->refreshes, 'a known kid uses the cached set' );
	}

	public function test_a_key_replaced_under_the_same_kid_is_fetched_again(): void {
		$replaced = new Test_Key( $this->key->kid );
		$source   = new Test_Key_Source( array( 'keys' => array( $this->key->jwk() ) ), array( 'keys' => array( $replaced->jwk() ) ) );
		$handoff  = new Cloud_POS_Handoff( $source, $this->replay );
		$this->assertTrue( $handoff->verify( $this->token( array(), $replaced ), self::HOME, 7, self::NOW )['ok'] );
		$this->assertSame( 1, $source->refreshes );
	}

	public function test_a_bad_signature_stays_refused_after_the_refetch(): void {
		$this->assertRefused( 'invalid', $this->verify( $this->token( array(), new Test_Key() ) ) );
		$this->assertSame( 1, $this->source->refreshes );
		$this->assertSame( array(), $this->replay->used );
		$handoff = new Cloud_POS_Handoff(
			new class() implements Cloud_POS_Key_Source {
				public function jwks( bool $refresh ): ?array {
					return $refresh ? null : array( 'keys' => array( ( new Test_Key() )->jwk() ) );
				}
			},
			$this->replay
		);
		$this->assertRefused( 'invalid', $handoff->verify( $this->token(), self::HOME, 7, self::NOW ) );
	}

	public function test_a_failed_refresh_is_the_stores_trouble(): void {
		$handoff = new Cloud_POS_Handoff(
			new class() implements Cloud_POS_Key_Source {
				public function jwks( bool $refresh ): ?array {
					return $refresh ? null : array( 'keys' => array() );
				}
			},
			$this->replay
		);
		$this->assertRefused( 'keys', $handoff->verify( $this->token(), self::HOME, 7, self::NOW ), 503 );
	}

	public function test_used_ids_are_forgotten_once_expired(): void {
		$this->assertTrue( $this->verify( $this->token() )['ok'] );
		$this->replay->now = self::NOW + 64;
		$this->assertTrue( $this->verify( $this->token( array( 'jti' => 'j2' ) ) )['ok'] );
		$this->assertSame( array( 'j2' ), array_keys( $this->replay->used ) );
	}
}

<?php
/**
 * @package CloudPOS
 */

use PHPUnit\Framework\TestCase;

final class JwtTest extends TestCase {

	public function test_base64url_round_trip_and_refusals(): void {
		$bytes = random_bytes( 67 );
		$text  = Cloud_POS_JWT::base64url_encode( $bytes );
		$this->assertDoesNotMatchRegularExpression( '/[+\/=]/', $text );
		$this->assertSame( $bytes, Cloud_POS_JWT::base64url_decode( $text ) );
		$this->assertNull( Cloud_POS_JWT::base64url_decode( '' ) );
		$this->assertNull( Cloud_POS_JWT::base64url_decode( 'ab+c' ) );
		$this->assertNull( Cloud_POS_JWT::base64url_decode( 'abc=' ) );
		$this->assertNull( Cloud_POS_JWT::base64url_decode( 'abcde' ) );
		$this->assertNull( Cloud_POS_JWT::base64url_decode( "abcd\n" ) );
	}

	public function test_jwk_to_pem_gives_the_key_openssl_made(): void {
		$key = new Test_Key();
		$this->assertSame( $key->public_pem(), Cloud_POS_JWT::jwk_to_pem( $key->jwk() ) );
	}

	public function test_jwk_to_pem_refuses_other_keys(): void {
		$jwk = ( new Test_Key() )->jwk();
		$this->assertNull( Cloud_POS_JWT::jwk_to_pem( array( 'kty' => 'RSA' ) + $jwk ) );
		$this->assertNull( Cloud_POS_JWT::jwk_to_pem( array( 'crv' => 'P-384' ) + $jwk ) );
		$this->assertNull( Cloud_POS_JWT::jwk_to_pem( array( 'x' => Cloud_POS_JWT::base64url_encode( random_bytes( 31 ) ) ) + $jwk ) );
		$this->assertNull( Cloud_POS_JWT::jwk_to_pem( array( 'y' => 5 ) + $jwk ) );
	}

	public function test_a_point_off_the_curve_is_not_a_key(): void {
		$jwk      = ( new Test_Key() )->jwk();
		$jwk['y'] = Cloud_POS_JWT::base64url_encode( str_repeat( "\x01", 32 ) );
		$pem      = Cloud_POS_JWT::jwk_to_pem( $jwk );
		$this->assertIsString( $pem );
		$this->assertFalse( @openssl_pkey_get_public( $pem ) );
	}

	public function test_jose_to_der_encodes_each_half_as_a_minimal_positive_integer(): void {
		$r   = "\x00\x00" . str_repeat( "\x11", 30 );
		$s   = "\x80" . str_repeat( "\x22", 31 );
		$der = Cloud_POS_JWT::jose_to_der( $r . $s );
		$this->assertSame(
			bin2hex( "\x30\x43" . "\x02\x1e" . str_repeat( "\x11", 30 ) . "\x02\x21\x00\x80" . str_repeat( "\x22", 31 ) ),
			bin2hex( $der )
		);
	}

	public function test_jose_to_der_keeps_one_byte_for_zero_and_refuses_other_lengths(): void {
		$this->assertSame( '3006020100020100', bin2hex( Cloud_POS_JWT::jose_to_der( str_repeat( "\0", 64 ) ) ) );
		$this->assertNull( Cloud_POS_JWT::jose_to_der( str_repeat( "\1", 63 ) ) );
		$this->assertNull( Cloud_POS_JWT::jose_to_der( str_repeat( "\1", 72 ) ) );
	}

	public function test_der_signatures_survive_the_jose_round_trip(): void {
		$key = new Test_Key();
		$pem = $key->public_pem();
		for ( $i = 0; $i < 40; $i++ ) {
			$data = "message $i";
			$der  = $key->sign_der( $data );
			$back = Cloud_POS_JWT::jose_to_der( Test_Key::der_to_jose( $der ) );
			$this->assertSame( bin2hex( $der ), bin2hex( $back ) );
			$this->assertSame( 1, openssl_verify( $data, $back, $pem, OPENSSL_ALGO_SHA256 ) );
		}
	}

	public function test_a_token_signed_with_the_key_matches(): void {
		$key     = new Test_Key();
		$decoded = Cloud_POS_JWT::decode( $key->token( array( 'sub' => 'u1' ) ) );
		$this->assertSame( 'u1', $decoded['payload']['sub'] );
		$pems = Cloud_POS_JWT::candidate_keys( $decoded['header'], array( 'keys' => array( $key->jwk() ) ) );
		$this->assertCount( 1, $pems );
		$this->assertTrue( Cloud_POS_JWT::signature_matches( $decoded, $pems ) );
	}

	public function test_a_changed_payload_or_another_key_does_not_match(): void {
		$key     = new Test_Key();
		$other   = new Test_Key();
		$token   = $key->token( array( 'sub' => 'u1' ) );
		$parts   = explode( '.', $token );
		$forged  = $parts[0] . '.' . Cloud_POS_JWT::base64url_encode( '{"sub":"admin"}' ) . '.' . $parts[2];
		$decoded = Cloud_POS_JWT::decode( $forged );
		$this->assertFalse( Cloud_POS_JWT::signature_matches( $decoded, array( $key->public_pem() ) ) );
		$this->assertFalse( Cloud_POS_JWT::signature_matches( Cloud_POS_JWT::decode( $token ), array( $other->public_pem() ) ) );
	}

	public function test_the_algorithm_is_pinned_to_es256(): void {
		$key   = new Test_Key();
		$pem   = $key->public_pem();
		$token = $key->token( array( 'sub' => 'u1' ), array( 'alg' => 'none' ) );
		$this->assertFalse( Cloud_POS_JWT::signature_matches( Cloud_POS_JWT::decode( $token ), array( $pem ) ) );
		// HS256 "signed" with the public key as the secret: the classic confusion attack.
		$header = Cloud_POS_JWT::base64url_encode( '{"alg":"HS256","typ":"JWT"}' );
		$body   = Cloud_POS_JWT::base64url_encode( '{"sub":"u1"}' );
		$mac    = Cloud_POS_JWT::base64url_encode( hash_hmac( 'sha256', "$header.$body", $pem, true ) );
		$this->assertFalse( Cloud_POS_JWT::signature_matches( Cloud_POS_JWT::decode( "$header.$body.$mac" ), array( $pem ) ) );
	}

	public function test_decode_refuses_what_is_not_a_compact_jws(): void {
		$this->assertNull( Cloud_POS_JWT::decode( 'a.b' ) );
		$this->assertNull( Cloud_POS_JWT::decode( 'a.b.c.d' ) );
		$this->assertNull( Cloud_POS_JWT::decode( Cloud_POS_JWT::base64url_encode( '[1]' ) . '.' . Cloud_POS_JWT::base64url_encode( '{"a":1}' ) . '.AA' ) );
		$this->assertNull( Cloud_POS_JWT::decode( Cloud_POS_JWT::base64url_encode( '{"alg":"ES256"}' ) . '.bm90IGpzb24.AA' ) );
	}

	public function test_candidate_keys_follow_kid_alg_and_use(): void {
		$a    = new Test_Key( 'a' );
		$b    = new Test_Key( 'b' );
		$jwks = array(
			'keys' => array(
				$a->jwk(),
				$b->jwk(),
				array( 'use' => 'enc' ) + ( new Test_Key( 'c' ) )->jwk(),
				array( 'alg' => 'ES384' ) + ( new Test_Key( 'd' ) )->jwk(),
				'not a key',
			),
		);
		$this->assertSame( array( $b->public_pem() ), Cloud_POS_JWT::candidate_keys( array( 'kid' => 'b' ), $jwks ) );
		$this->assertCount( 2, Cloud_POS_JWT::candidate_keys( array(), $jwks ) );
		$this->assertSame( array(), Cloud_POS_JWT::candidate_keys( array( 'kid' => 'c' ), $jwks ) );
		$this->assertSame( array(), Cloud_POS_JWT::candidate_keys( array(), array( 'keys' => 'x' ) ) );
	}
}

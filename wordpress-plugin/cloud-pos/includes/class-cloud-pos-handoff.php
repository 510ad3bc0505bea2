<?php
/**
 * The store side of the cloud POS hand-off: checks the api's one-minute ES256 token the way
 * the sandbox store does (same claims, same tolerances, same refusal texts).
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Where used token ids are remembered until they expire.
 */
interface Cloud_POS_Replay_Store {

	/**
	 * Records a token id; false when it was already recorded (the token is a replay).
	 *
	 * @param string $jti        The token id.
	 * @param int    $expires_at Unix time after which the id may be forgotten.
	 */
	public function use_once( string $jti, int $expires_at ): bool;
}

/**
 * Where the api's public keys come from.
 */
interface Cloud_POS_Key_Source {

	/**
	 * The JWKS; null when it cannot be had.
	 *
	 * @param bool $refresh Fetch again instead of using a cached copy (a key was not found).
	 * @return array<string, mixed>|null
	 */
	public function jwks( bool $refresh ): ?array;
}

/**
 * Verifies hand-off tokens. No WordPress call: the key source and the replay store are given.
 */
final class Cloud_POS_Handoff {

	/** `iss` of the api's hand-off tokens. */
	public const ISSUER = 'cloud-pos-api';

	/** A hand-off token lives 60 s; older than this since `iat` is not one the api made. */
	public const MAX_TOKEN_AGE = 300;

	/** Seconds of clock difference between the api and the store that still pass. */
	public const CLOCK_TOLERANCE = 5;

	/** The refusal texts, word for word those of the sandbox store. */
	public const REASONS = array(
		'missing'  => 'The sign-in token is missing.',
		'expired'  => 'The sign-in token has expired. Open the station again from its cloud POS address.',
		'audience' => 'The sign-in token is meant for another store.',
		'issuer'   => 'The sign-in token was not issued by the cloud POS.',
		'invalid'  => 'The sign-in token is not valid.',
		'station'  => 'The sign-in token is meant for another station.',
		'replayed' => 'The sign-in token was already used. Open the station again from its cloud POS address.',
		'keys'     => 'The sign-in could not be checked: the cloud POS keys are unavailable. Try again in a moment.',
	);

	/**
	 * Wires the verifier.
	 *
	 * @param Cloud_POS_Key_Source   $keys   The api's JWKS.
	 * @param Cloud_POS_Replay_Store $replay Used token ids.
	 */
	public function __construct(
		private Cloud_POS_Key_Source $keys,
		private Cloud_POS_Replay_Store $replay
	) {}

	/**
	 * Checks a token for station `$pos_id` of the store at `$home` and uses up its `jti`.
	 * Whether the named store user may open the station is the caller's check.
	 *
	 * @param string|null $token  The posted token.
	 * @param string      $home   The store's home URL (the api's audience).
	 * @param int         $pos_id The station the token was posted to.
	 * @param int         $now    Unix time.
	 * @return array{ok: true, claims: array{sub: string, email: string, name: string, pos_id: string, wp_user_id: int, jti: string, exp: int}}|array{ok: false, status: int, reason: string}
	 */
	public function verify( ?string $token, string $home, int $pos_id, int $now ): array {
		if ( null === $token || '' === $token ) {
			return self::refusal( 'missing' );
		}
		$decoded = Cloud_POS_JWT::decode( $token );
		if ( null === $decoded || ( $decoded['header']['alg'] ?? null ) !== Cloud_POS_JWT::ALGORITHM ) {
			return self::refusal( 'invalid' );
		}
		$jwks = $this->keys->jwks( false );
		if ( null === $jwks ) {
			return self::refusal( 'keys', 503 );
		}
		$pems      = Cloud_POS_JWT::candidate_keys( $decoded['header'], $jwks );
		$refreshed = false;
		if ( array() === $pems ) {
			// The api may have rotated its key since the set was cached.
			$jwks = $this->keys->jwks( true );
			if ( null === $jwks ) {
				return self::refusal( 'keys', 503 );
			}
			$pems      = Cloud_POS_JWT::candidate_keys( $decoded['header'], $jwks );
			$refreshed = true;
		}
		if ( ! Cloud_POS_JWT::signature_matches( $decoded, $pems ) ) {
			// A key replaced under the same kid looks like a bad signature: ask once more (the
			// key source limits how often), and refuse if the fresh set does not match either.
			$jwks = $refreshed ? null : $this->keys->jwks( true );
			if ( null === $jwks || ! Cloud_POS_JWT::signature_matches( $decoded, Cloud_POS_JWT::candidate_keys( $decoded['header'], $jwks ) ) ) {
				return self::refusal( 'invalid' );
			}
		}
		$problem = self::claim_problem( $decoded['payload'], $home, $now );
		if ( null !== $problem ) {
			return self::refusal( $problem );
		}
		$claims = self::claims_of( $decoded['payload'] );
		if ( null === $claims ) {
			return self::refusal( 'invalid' );
		}
		if ( (string) $pos_id !== $claims['pos_id'] ) {
			return self::refusal( 'station' );
		}
		if ( ! $this->replay->use_once( $claims['jti'], $claims['exp'] + self::CLOCK_TOLERANCE ) ) {
			return self::refusal( 'replayed' );
		}
		return array(
			'ok'     => true,
			'claims' => $claims,
		);
	}

	/**
	 * The audiences a token for this store may carry: the home URL as the site reports it, with
	 * or without a trailing slash (the dashboard keeps it as it was reported).
	 *
	 * @param string $home The store's home URL.
	 * @return list<string>
	 */
	public static function audiences( string $home ): array {
		$bare = rtrim( $home, '/' );
		return array( $bare, $bare . '/' );
	}

	/**
	 * The first registered claim that fails (iss, aud, exp, iat, nbf), as a reason key.
	 *
	 * @param array<string, mixed> $payload The token's claims.
	 * @param string               $home    The store's home URL.
	 * @param int                  $now     Unix time.
	 */
	public static function claim_problem( array $payload, string $home, int $now ): ?string {
		foreach ( array( 'exp', 'iat' ) as $name ) {
			if ( ! isset( $payload[ $name ] ) || ! is_int( $payload[ $name ] ) ) {
				return 'invalid';
			}
		}
		if ( ( $payload['iss'] ?? null ) !== self::ISSUER ) {
			return 'issuer';
		}
		$aud = $payload['aud'] ?? null;
		$aud = is_string( $aud ) ? array( $aud ) : $aud;
		if ( ! is_array( $aud ) || array() === array_intersect( $aud, self::audiences( $home ) ) ) {
			return 'audience';
		}
		if ( $payload['exp'] <= $now - self::CLOCK_TOLERANCE ) {
			return 'expired';
		}
		$age = $now - $payload['iat'];
		if ( $age - self::CLOCK_TOLERANCE > self::MAX_TOKEN_AGE ) {
			return 'expired';
		}
		// Issued in the future: the api's clock does not do that.
		if ( $age < -self::CLOCK_TOLERANCE ) {
			return 'invalid';
		}
		if ( isset( $payload['nbf'] ) && ( ! is_int( $payload['nbf'] ) || $payload['nbf'] > $now + self::CLOCK_TOLERANCE ) ) {
			return 'invalid';
		}
		return null;
	}

	/**
	 * The claims the station needs, when each has the right type; null otherwise.
	 *
	 * @param array<string, mixed> $payload The token's claims.
	 * @return array{sub: string, email: string, name: string, pos_id: string, wp_user_id: int, jti: string, exp: int, assistant?: array{remaining: int, total: int}}|null
	 */
	public static function claims_of( array $payload ): ?array {
		$sub     = $payload['sub'] ?? null;
		$email   = $payload['email'] ?? null;
		$name    = $payload['name'] ?? null;
		$pos_id  = $payload['pos_id'] ?? null;
		$user_id = $payload['wp_user_id'] ?? null;
		$jti     = $payload['jti'] ?? null;
		$exp     = $payload['exp'] ?? null;
		if ( ! is_string( $sub ) || '' === $sub || ! is_string( $email ) || ! is_string( $name ) ) {
			return null;
		}
		if ( ! is_string( $pos_id ) || ! preg_match( '/^\d+$/D', $pos_id ) ) {
			return null;
		}
		if ( ! is_int( $user_id ) || $user_id < 1 || ! is_string( $jti ) || '' === $jti || ! is_int( $exp ) ) {
			return null;
		}
		$claims    = array(
			'sub'        => $sub,
			'email'      => $email,
			'name'       => $name,
			'pos_id'     => $pos_id,
			'wp_user_id' => $user_id,
			'jti'        => $jti,
			'exp'        => $exp,
		);
		$assistant = self::assistant_of( $payload['assistant'] ?? null );
		if ( null !== $assistant ) {
			$claims['assistant'] = $assistant;
		}
		return $claims;
	}

	/**
	 * The optional `assistant` claim: the owner's Assistant progress when they show the
	 * Assistant in POS (spec 2.11). Null when absent or not two counts that fit: a malformed
	 * one hides the ring rather than refusing the sign-in. The sandbox reads it the same way.
	 *
	 * @param mixed $raw The claim.
	 * @return array{remaining: int, total: int}|null
	 */
	public static function assistant_of( $raw ): ?array {
		$remaining = is_array( $raw ) ? ( $raw['remaining'] ?? null ) : null;
		$total     = is_array( $raw ) ? ( $raw['total'] ?? null ) : null;
		foreach ( array( $remaining, $total ) as $count ) {
			if ( ! is_int( $count ) || $count < 0 || $count > 10000 ) {
				return null;
			}
		}
		if ( $remaining > $total ) {
			return null;
		}
		return array(
			'remaining' => $remaining,
			'total'     => $total,
		);
	}

	/**
	 * A refusal with its page status.
	 *
	 * @param string $reason Key of REASONS.
	 * @param int    $status 403, or 503 when the keys could not be had.
	 * @return array{ok: false, status: int, reason: string}
	 */
	private static function refusal( string $reason, int $status = 403 ): array {
		return array(
			'ok'     => false,
			'status' => $status,
			'reason' => self::REASONS[ $reason ],
		);
	}
}

<?php
/**
 * Test helpers: P-256 keys made with openssl, their JWKs, and ES256 tokens signed with them
 * (openssl gives DER signatures; JOSE wants r || s).
 *
 * @package CloudPOS
 */

/**
 * One EC P-256 key pair.
 */
final class Test_Key {

	public \OpenSSLAsymmetricKey $private;

	public function __construct( public string $kid = 'api-test' ) {
		$key = openssl_pkey_new(
			array(
				'private_key_type' => OPENSSL_KEYTYPE_EC,
				'curve_name'       => 'prime256v1',
			)
		);
		if ( false === $key ) {
			throw new RuntimeException( 'openssl could not make a P-256 key' );
		}
		$this->private = $key;
	}

	/** The public half as the api publishes it. @return array<string, string> */
	public function jwk(): array {
		$ec = openssl_pkey_get_details( $this->private )['ec'];
		return array(
			'kty' => 'EC',
			'crv' => 'P-256',
			'x'   => Cloud_POS_JWT::base64url_encode( str_pad( $ec['x'], 32, "\0", STR_PAD_LEFT ) ),
			'y'   => Cloud_POS_JWT::base64url_encode( str_pad( $ec['y'], 32, "\0", STR_PAD_LEFT ) ),
			'kid' => $this->kid,
			'alg' => 'ES256',
			'use' => 'sig',
		);
	}

	/** openssl's own PEM of the public key. */
	public function public_pem(): string {
		return openssl_pkey_get_details( $this->private )['key'];
	}

	/** A DER signature of `$data`. */
	public function sign_der( string $data ): string {
		openssl_sign( $data, $der, $this->private, OPENSSL_ALGO_SHA256 );
		return $der;
	}

	/**
	 * A compact JWS of `$payload`.
	 *
	 * @param array<string, mixed> $payload Claims.
	 * @param array<string, mixed> $header  Header fields over the default ES256 header.
	 */
	public function token( array $payload, array $header = array() ): string {
		$header = $header + array(
			'alg' => 'ES256',
			'kid' => $this->kid,
			'typ' => 'JWT',
		);
		$signed = Cloud_POS_JWT::base64url_encode( (string) json_encode( $header ) ) . '.' . Cloud_POS_JWT::base64url_encode( (string) json_encode( $payload ) );
		return $signed . '.' . Cloud_POS_JWT::base64url_encode( self::der_to_jose( $this->sign_der( $signed ) ) );
	}

	/** The r || s form of a DER ECDSA signature (each half left-padded to 32 bytes). */
	public static function der_to_jose( string $der ): string {
		$offset = 2;
		$out    = '';
		for ( $i = 0; $i < 2; $i++ ) {
			$length  = ord( $der[ $offset + 1 ] );
			$integer = ltrim( substr( $der, $offset + 2, $length ), "\0" );
			$out    .= str_pad( $integer, 32, "\0", STR_PAD_LEFT );
			$offset += 2 + $length;
		}
		return $out;
	}
}

/**
 * A key source that counts its calls and can fail.
 */
final class Test_Key_Source implements Cloud_POS_Key_Source {

	public int $fetches  = 0;
	public int $refreshes = 0;

	/**
	 * @param array<string, mixed>|null $jwks       The set served first.
	 * @param array<string, mixed>|null $after_refresh The set served once refreshed (default: the same).
	 */
	public function __construct( public ?array $jwks, public ?array $after_refresh = null ) {}

	public function jwks( bool $refresh ): ?array {
		++$this->fetches;
		if ( $refresh ) {
			++$this->refreshes;
			return $this->after_refresh ?? $this->jwks;
		}
		return $this->jwks;
	}
}

/**
 * Used token ids in memory, forgotten after their expiry like the table's.
 */
final class Test_Replay_Store implements Cloud_POS_Replay_Store {

	/** @var array<string, int> */
	public array $used = array();

	public int $now = 0;

	public function use_once( string $jti, int $expires_at ): bool {
		$this->used = array_filter( $this->used, fn( int $at ) => $at >= $this->now );
		if ( isset( $this->used[ $jti ] ) ) {
			return false;
		}
		$this->used[ $jti ] = $expires_at;
		return true;
	}
}

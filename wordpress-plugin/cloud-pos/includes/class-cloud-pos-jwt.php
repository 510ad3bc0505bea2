<?php
/**
 * ES256 JSON Web Tokens checked with PHP's openssl alone: the JWK → PEM and JOSE → DER
 * conversions openssl_verify() needs, and the signature check with the algorithm pinned.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Pure functions: no WordPress call, so the unit tests run them without WordPress.
 */
final class Cloud_POS_JWT {

	/** The only algorithm accepted: the api signs its hand-off tokens with ES256. */
	public const ALGORITHM = 'ES256';

	/** SubjectPublicKeyInfo header of an uncompressed P-256 point (id-ecPublicKey, prime256v1). */
	private const P256_SPKI_PREFIX = '3059301306072a8648ce3d020106082a8648ce3d030107034200';

	/** Bytes of one P-256 coordinate and of each half (r, s) of a JOSE signature. */
	private const P256_BYTES = 32;

	/**
	 * Decodes base64url (RFC 7515: no padding); null when the text is not base64url.
	 *
	 * @param string $text Encoded text.
	 */
	public static function base64url_decode( string $text ): ?string {
		if ( '' === $text || ! preg_match( '/^[A-Za-z0-9_-]+$/D', $text ) || 1 === strlen( $text ) % 4 ) {
			return null;
		}
		$decoded = base64_decode( strtr( $text, '-_', '+/' ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- JOSE is base64url.
		return false === $decoded ? null : $decoded;
	}

	/**
	 * Encodes bytes as base64url without padding.
	 *
	 * @param string $bytes Raw bytes.
	 */
	public static function base64url_encode( string $bytes ): string {
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- JOSE is base64url.
	}

	/**
	 * The PEM public key of an EC P-256 JWK; null when the JWK is not one.
	 *
	 * @param array<string, mixed> $jwk The key as decoded from the JWKS.
	 */
	public static function jwk_to_pem( array $jwk ): ?string {
		if ( ( $jwk['kty'] ?? null ) !== 'EC' || ( $jwk['crv'] ?? null ) !== 'P-256' ) {
			return null;
		}
		if ( ! is_string( $jwk['x'] ?? null ) || ! is_string( $jwk['y'] ?? null ) ) {
			return null;
		}
		$x = self::base64url_decode( $jwk['x'] );
		$y = self::base64url_decode( $jwk['y'] );
		if ( null === $x || null === $y || strlen( $x ) !== self::P256_BYTES || strlen( $y ) !== self::P256_BYTES ) {
			return null;
		}
		$der = hex2bin( self::P256_SPKI_PREFIX ) . "\x04" . $x . $y;
		return "-----BEGIN PUBLIC KEY-----\n" . chunk_split( base64_encode( $der ), 64, "\n" ) . "-----END PUBLIC KEY-----\n"; // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- PEM is base64.
	}

	/**
	 * The DER (ASN.1 SEQUENCE of two INTEGERs) form of a JOSE ES256 signature (r || s, 32 bytes
	 * each), which is what openssl_verify() reads; null when the signature is not 64 bytes.
	 *
	 * @param string $signature Raw JOSE signature.
	 */
	public static function jose_to_der( string $signature ): ?string {
		if ( strlen( $signature ) !== 2 * self::P256_BYTES ) {
			return null;
		}
		$integers = '';
		foreach ( str_split( $signature, self::P256_BYTES ) as $half ) {
			$value = ltrim( $half, "\x00" );
			if ( '' === $value ) {
				$value = "\x00";
			}
			// A set high bit would read as a negative INTEGER: DER adds a zero byte in front.
			if ( ord( $value[0] ) > 0x7f ) {
				$value = "\x00" . $value;
			}
			$integers .= "\x02" . chr( strlen( $value ) ) . $value;
		}
		return "\x30" . chr( strlen( $integers ) ) . $integers;
	}

	/**
	 * Splits a compact JWS and decodes its header and payload; null when it is not one.
	 *
	 * @param string $token Compact JWS (`header.payload.signature`).
	 * @return array{header: array<string, mixed>, payload: array<string, mixed>, signed: string, signature: string}|null
	 */
	public static function decode( string $token ): ?array {
		$parts = explode( '.', $token );
		if ( count( $parts ) !== 3 ) {
			return null;
		}
		$header    = self::json_object( self::base64url_decode( $parts[0] ) );
		$payload   = self::json_object( self::base64url_decode( $parts[1] ) );
		$signature = self::base64url_decode( $parts[2] );
		if ( null === $header || null === $payload || null === $signature ) {
			return null;
		}
		return array(
			'header'    => $header,
			'payload'   => $payload,
			'signed'    => $parts[0] . '.' . $parts[1],
			'signature' => $signature,
		);
	}

	/**
	 * The keys of a JWKS that may check a token with this header: EC P-256 keys meant for
	 * signatures with ES256 (or no alg), and only the one named by `kid` when the header has it.
	 *
	 * @param array<string, mixed> $header Decoded JOSE header.
	 * @param array<string, mixed> $jwks   Decoded JWKS (`{"keys": [...]}`).
	 * @return list<string> PEM public keys.
	 */
	public static function candidate_keys( array $header, array $jwks ): array {
		$keys = isset( $jwks['keys'] ) && is_array( $jwks['keys'] ) ? $jwks['keys'] : array();
		$kid  = isset( $header['kid'] ) && is_string( $header['kid'] ) ? $header['kid'] : null;
		$pems = array();
		foreach ( $keys as $jwk ) {
			if ( ! is_array( $jwk ) ) {
				continue;
			}
			if ( isset( $jwk['alg'] ) && self::ALGORITHM !== $jwk['alg'] ) {
				continue;
			}
			if ( isset( $jwk['use'] ) && 'sig' !== $jwk['use'] ) {
				continue;
			}
			if ( null !== $kid && ( $jwk['kid'] ?? null ) !== $kid ) {
				continue;
			}
			$pem = self::jwk_to_pem( $jwk );
			if ( null !== $pem ) {
				$pems[] = $pem;
			}
		}
		return $pems;
	}

	/**
	 * Whether the decoded token's header pins ES256 and its signature matches one of the keys.
	 *
	 * @param array{header: array<string, mixed>, signed: string, signature: string} $decoded From decode().
	 * @param list<string>                                                             $pems    PEM public keys.
	 */
	public static function signature_matches( array $decoded, array $pems ): bool {
		// The header names the algorithm, but only ES256 is ever trusted (no "none", no HMAC).
		if ( ( $decoded['header']['alg'] ?? null ) !== self::ALGORITHM ) {
			return false;
		}
		$der = self::jose_to_der( $decoded['signature'] );
		if ( null === $der ) {
			return false;
		}
		foreach ( $pems as $pem ) {
			$key = openssl_pkey_get_public( $pem );
			if ( false === $key ) {
				continue;
			}
			if ( 1 === openssl_verify( $decoded['signed'], $der, $key, OPENSSL_ALGO_SHA256 ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Decodes JSON that must be an object.
	 *
	 * @param string|null $json JSON text.
	 * @return array<string, mixed>|null
	 */
	private static function json_object( ?string $json ): ?array {
		if ( null === $json ) {
			return null;
		}
		$value = json_decode( $json, true );
		return is_array( $value ) && ! array_is_list( $value ) ? $value : null;
	}
}

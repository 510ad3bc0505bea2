<?php
/**
 * What the hand-off keeps between requests: used token ids (a small table), the api's JWKS
 * (a transient) and the station sessions (transients).
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Used token ids in `{prefix}cloud_pos_used_tokens`: the primary key makes a second use of
 * the same id fail even when two requests race.
 */
final class Cloud_POS_Token_Table implements Cloud_POS_Replay_Store {

	/** The table's name without the prefix. */
	public const TABLE = 'cloud_pos_used_tokens';

	/** The table with this site's prefix. */
	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . self::TABLE;
	}

	/** The CREATE TABLE statement dbDelta() reads. */
	public static function schema(): string {
		global $wpdb;
		return 'CREATE TABLE ' . self::name() . ' (
  jti_hash char(64) NOT NULL,
  expires_at bigint(20) unsigned NOT NULL,
  PRIMARY KEY  (jti_hash),
  KEY expires_at (expires_at)
) ' . $wpdb->get_charset_collate() . ';';
	}

	/**
	 * Records the id unless already there; ids past their expiry are dropped on the way (such a
	 * token is refused as expired anyway).
	 *
	 * @param string $jti        The token id.
	 * @param int    $expires_at Unix time after which the id may be forgotten.
	 */
	public function use_once( string $jti, int $expires_at ): bool {
		global $wpdb;
		$table = self::name();
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a plugin table; the name is the site prefix and a constant.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE expires_at < %d", time() ) );
		$inserted = $wpdb->query(
			$wpdb->prepare( "INSERT IGNORE INTO {$table} (jti_hash, expires_at) VALUES (%s, %d)", hash( 'sha256', $jti ), $expires_at )
		);
		// phpcs:enable
		return 1 === $inserted;
	}
}

/**
 * The api's JWKS, fetched with the WordPress HTTP API and cached for an hour; fetched again
 * at most once a minute when a token names a key the cached set lacks.
 */
final class Cloud_POS_Remote_Keys implements Cloud_POS_Key_Source {

	private const CACHE_SECONDS   = HOUR_IN_SECONDS;
	private const REFRESH_SECONDS = MINUTE_IN_SECONDS;

	/**
	 * The key set, or null when it cannot be had.
	 *
	 * @param bool $refresh Fetch again (a key was not found in the cached set).
	 * @return array<string, mixed>|null
	 */
	public function jwks( bool $refresh ): ?array {
		$url = Cloud_POS_Settings::jwks_url();
		if ( '' === $url || ! Cloud_POS_Rules::is_trusted_jwks_url( $url ) ) {
			return null;
		}
		$cache_key = 'cloud_pos_jwks_' . md5( $url );
		$cached    = get_transient( $cache_key );
		$cached    = is_array( $cached ) ? $cached : null;
		if ( null !== $cached && ! $refresh ) {
			return $cached;
		}
		if ( $refresh ) {
			$throttle = 'cloud_pos_jwks_refetched_' . md5( $url );
			if ( false !== get_transient( $throttle ) ) {
				return $cached;
			}
			set_transient( $throttle, 1, self::REFRESH_SECONDS );
		}
		$response = wp_remote_get(
			$url,
			array(
				'timeout'             => 5,
				'redirection'         => 0,
				'limit_response_size' => 65536,
				'headers'             => array( 'Accept' => 'application/json' ),
			)
		);
		if ( is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
			return $cached;
		}
		$jwks = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( ! is_array( $jwks ) || ! isset( $jwks['keys'] ) || ! is_array( $jwks['keys'] ) ) {
			return $cached;
		}
		set_transient( $cache_key, $jwks, self::CACHE_SECONDS );
		return $jwks;
	}
}

/**
 * Who is signed in at which station: a random id in an HttpOnly cookie, the session in a
 * transient under the id's hash (a leaked database row cannot be replayed as a cookie).
 */
final class Cloud_POS_Station_Sessions {

	/** The cookie's name (path `/pos/{id}`, so each station has its own). */
	public const COOKIE = Cloud_POS_Rules::SESSION_COOKIE;

	/** The register api's cookie (see register_cookie_name()). */
	public const REGISTER_COOKIE = 'pos_register_session';

	/** A register stays signed in for a shift. */
	public const SECONDS = 12 * HOUR_IN_SECONDS;

	/**
	 * Opens a session for the verified claims and sets its cookie.
	 *
	 * @param int                                                          $pos_id The station.
	 * @param array{sub: string, email: string, name: string, wp_user_id: int} $claims The token's claims.
	 */
	public static function open( int $pos_id, array $claims ): void {
		$id = Cloud_POS_JWT::base64url_encode( random_bytes( 24 ) );
		set_transient(
			self::key( $id ),
			array(
				'pos_id'     => $pos_id,
				'wp_user_id' => $claims['wp_user_id'],
				'sub'        => $claims['sub'],
				'name'       => $claims['name'],
				'email'      => $claims['email'],
				'expires_at' => time() + self::SECONDS,
				'assistant'  => $claims['assistant'] ?? null,
			),
			self::SECONDS
		);
		self::cookie( $pos_id, $id, self::SECONDS );
		self::register_cookie( $pos_id, $id, self::SECONDS );
	}

	/**
	 * The live session of this station behind the request's cookie, with its id.
	 *
	 * @param int  $pos_id   The station.
	 * @param bool $register Read the register api's cookie instead of the page's.
	 * @return array{id: string, pos_id: int, wp_user_id: int, sub: string, name: string, email: string, expires_at: int}|null
	 */
	public static function current( int $pos_id, bool $register = false ): ?array {
		$name = $register ? self::register_cookie_name( $pos_id ) : self::cookie_name( $pos_id );
		$id   = isset( $_COOKIE[ $name ] ) ? sanitize_text_field( wp_unslash( $_COOKIE[ $name ] ) ) : '';
		if ( '' === $id || ! preg_match( '/^[A-Za-z0-9_-]{32}$/D', $id ) ) {
			return null;
		}
		$session = get_transient( self::key( $id ) );
		if ( ! is_array( $session ) || (int) ( $session['pos_id'] ?? 0 ) !== $pos_id || (int) ( $session['expires_at'] ?? 0 ) <= time() ) {
			return null;
		}
		return array( 'id' => $id ) + $session;
	}

	/**
	 * The register's CSRF token, bound to the session: the register page carries it and every
	 * register call sends it (`X-POS-Token`); a cross-site request has the cookie at most.
	 *
	 * @param array{id: string} $session The session.
	 */
	public static function register_token( array $session ): string {
		return Cloud_POS_JWT::base64url_encode( hash_hmac( 'sha256', 'register|' . $session['id'], wp_salt( 'nonce' ), true ) );
	}

	/**
	 * Ends a session and clears its cookie.
	 *
	 * @param array{id: string, pos_id: int} $session The session.
	 */
	public static function close( array $session ): void {
		delete_transient( self::key( $session['id'] ) );
		self::cookie( (int) $session['pos_id'], '', 0 );
		self::register_cookie( (int) $session['pos_id'], '', 0 );
	}

	/**
	 * The sign-out form's token, bound to the session (the register has no WordPress login).
	 *
	 * @param array{id: string} $session The session.
	 */
	public static function sign_out_token( array $session ): string {
		return hash_hmac( 'sha256', 'sign-out|' . $session['id'], wp_salt( 'nonce' ) );
	}

	/**
	 * The session's transient name.
	 *
	 * @param string $id The cookie value.
	 */
	private static function key( string $id ): string {
		return 'cloud_pos_ss_' . hash( 'sha256', $id );
	}

	/**
	 * With pretty permalinks each station has its own path; otherwise they share the home path,
	 * so the station id goes into the name.
	 *
	 * @param int $pos_id The station.
	 */
	private static function cookie_name( int $pos_id ): string {
		return Cloud_POS_Stations::pretty_permalinks() ? self::COOKIE : self::COOKIE . '_' . $pos_id;
	}

	/**
	 * Sets (or with a zero lifetime clears) the station's cookie.
	 *
	 * @param int    $pos_id  The station.
	 * @param string $value   The session id.
	 * @param int    $seconds Lifetime.
	 */
	private static function cookie( int $pos_id, string $value, int $seconds ): void {
		$path = (string) wp_parse_url( Cloud_POS_Stations::url( $pos_id ), PHP_URL_PATH );
		setcookie(
			self::cookie_name( $pos_id ),
			$value,
			array(
				'expires'  => $seconds > 0 ? time() + $seconds : 1,
				'path'     => '' === $path ? '/' : $path,
				'secure'   => is_ssl(),
				'httponly' => true,
				'samesite' => 'Lax',
			)
		);
	}

	/**
	 * The register api's cookie: the same session for `pos-connect/v1/register/{id}/*`, which
	 * the page's cookie (path `/pos/{id}`) does not reach. Pretty permalinks give those routes a
	 * path of their own; otherwise they share the home path, so the station id goes into the name.
	 *
	 * @param int $pos_id The station.
	 */
	private static function register_cookie_name( int $pos_id ): string {
		return Cloud_POS_Stations::pretty_permalinks() ? self::REGISTER_COOKIE : self::REGISTER_COOKIE . '_' . $pos_id;
	}

	/**
	 * Sets (or with a zero lifetime clears) the station's register api cookie. SameSite=Strict:
	 * only the register's own page sends it.
	 *
	 * @param int    $pos_id  The station.
	 * @param string $value   The session id.
	 * @param int    $seconds Lifetime.
	 */
	private static function register_cookie( int $pos_id, string $value, int $seconds ): void {
		$path = Cloud_POS_Stations::pretty_permalinks() ? (string) wp_parse_url( rest_url( Cloud_POS_Register_API::NAMESPACE . '/register/' . $pos_id ), PHP_URL_PATH ) : '';
		setcookie(
			self::register_cookie_name( $pos_id ),
			$value,
			array(
				'expires'  => $seconds > 0 ? time() + $seconds : 1,
				'path'     => '' === $path ? '/' : $path,
				'secure'   => is_ssl(),
				'httponly' => true,
				'samesite' => 'Strict',
			)
		);
	}
}

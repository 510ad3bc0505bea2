<?php
/**
 * The rules of the pos-connect/v1 contract that need no database: parameter checks, paging,
 * the slug rule, station access, and which requests WooCommerce should authenticate.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Pure functions (WordPress's sanitizing functions and WP_Error aside), unit tested without
 * WordPress.
 */
final class Cloud_POS_Rules {

	/** The REST namespace the cloud POS api calls. */
	public const REST_NAMESPACE = 'pos-connect/v1';

	/** Roles that give a user access to the POS (the plugin lists only these users). */
	public const POS_ROLES = array( 'administrator', 'shop_manager', 'cashier', 'kiosk' );

	/** WordPress's refusal of `POST users` to a user without create_users. */
	public const CANNOT_CREATE_USER = 'Sorry, you are not allowed to create new users.';

	/** WordPress's refusal of a change of a user the key's user may not edit. */
	public const CANNOT_EDIT_USER = 'Sorry, you are not allowed to edit this user.';

	/** WordPress's refusal of a role the key's user may not give. */
	public const CANNOT_GIVE_ROLE = 'Sorry, you are not allowed to give users that role.';

	/** `created_via` of orders rung up at a Cloud POS station (the api's POS_CREATED_VIA). */
	public const POS_CREATED_VIA = 'cloud-pos';

	/** Order meta naming the station (its pos_id); no leading underscore, so REST shows it. */
	public const META_STATION = 'cloud_pos_station_id';

	/** Order meta naming the station (its title), so reports name it as the store does. */
	public const META_STATION_NAME = 'cloud_pos_station_name';

	/** Order meta naming the cashier's WP user id. */
	public const META_CASHIER_ID = 'cloud_pos_cashier_id';

	/** Order meta naming the cashier. */
	public const META_CASHIER_NAME = 'cloud_pos_cashier_name';

	/** The station session cookie's name (`_{id}` appended without pretty permalinks). */
	public const SESSION_COOKIE = 'pos_station_session';

	/** Most users one page of `users` holds. */
	public const MAX_PER_PAGE = 100;

	/** Users on a page when `per_page` is not given. */
	public const DEFAULT_PER_PAGE = 10;

	/** Longest display name of a user the dashboard creates. */
	public const NAME_MAX = 200;

	/** Longest email (wp_users.user_email). */
	public const EMAIL_MAX = 100;

	/** Longest login (wp_insert_user refuses more). */
	public const LOGIN_MAX = 60;

	/** The login of a new user whose email's local part leaves nothing. */
	public const LOGIN_FALLBACK = 'staff';

	/** The dashboard's slug rule, loosened to the station ids it sets when Default goes off. */
	public const CLOUD_SLUG = '/^[a-z0-9]+(?:-[a-z0-9]+)*$/D';

	/** Longest cloud slug. */
	public const CLOUD_SLUG_MAX = 64;

	/**
	 * A positive integer query parameter: the fallback when absent or empty, null when it is
	 * not made of digits or is below 1 (PHP's query strings arrive as strings).
	 *
	 * @param mixed $raw      The parameter as received.
	 * @param int   $fallback Its default.
	 */
	public static function positive_int( $raw, int $fallback ): ?int {
		if ( null === $raw || '' === $raw ) {
			return $fallback;
		}
		if ( is_int( $raw ) ) {
			return $raw >= 1 ? $raw : null;
		}
		if ( ! is_string( $raw ) || ! preg_match( '/^\d+$/D', $raw ) ) {
			return null;
		}
		$value = (int) $raw;
		return $value >= 1 ? $value : null;
	}

	/**
	 * Why a `page` parameter is refused, or null when it is fine.
	 *
	 * @param mixed $raw The parameter as received.
	 */
	public static function page_problem( $raw ): ?string {
		return null === self::positive_int( $raw, 1 ) ? 'page must be at least 1.' : null;
	}

	/**
	 * Why a `per_page` parameter is refused, or null when it is fine.
	 *
	 * @param mixed $raw The parameter as received.
	 */
	public static function per_page_problem( $raw ): ?string {
		$value = self::positive_int( $raw, self::DEFAULT_PER_PAGE );
		return null === $value || $value > self::MAX_PER_PAGE
			? 'per_page must be between 1 (inclusive) and 100 (inclusive)'
			: null;
	}

	/**
	 * The paging of a list: how many pages, and the offset of the page asked for.
	 *
	 * @param int $total    Items in the whole list.
	 * @param int $page     1-based page.
	 * @param int $per_page Items per page.
	 * @return array{total_pages: int, offset: int}
	 */
	public static function paging( int $total, int $page, int $per_page ): array {
		return array(
			'total_pages' => (int) ceil( $total / $per_page ),
			'offset'      => ( $page - 1 ) * $per_page,
		);
	}

	/**
	 * Whether the roles include one with POS access.
	 *
	 * @param array<int|string, string> $roles A user's roles.
	 */
	public static function has_pos_role( array $roles ): bool {
		return array() !== array_intersect( $roles, self::POS_ROLES );
	}

	/**
	 * Whether a user may open a station: a POS user, and listed unless the station is open to
	 * every POS user (`$allowed` null).
	 *
	 * @param array<int|string, string> $roles   The user's roles (empty when there is no such user).
	 * @param int                       $user_id The user.
	 * @param list<int>|null            $allowed The station's users.
	 */
	public static function may_open( array $roles, int $user_id, ?array $allowed ): bool {
		if ( ! self::has_pos_role( $roles ) ) {
			return false;
		}
		return null === $allowed || in_array( $user_id, $allowed, true );
	}

	/**
	 * A station's user list from the access form: null when every POS user may open it,
	 * otherwise the distinct POS user ids ticked, sorted.
	 *
	 * @param bool            $all_users The "All POS users" box.
	 * @param array<mixed>    $ticked    The `users[]` values.
	 * @param list<int>       $pos_users Ids of the store's POS users.
	 * @return list<int>|null
	 */
	public static function access_list( bool $all_users, array $ticked, array $pos_users ): ?array {
		if ( $all_users ) {
			return null;
		}
		$ids = array();
		foreach ( $ticked as $value ) {
			$id = is_scalar( $value ) ? absint( $value ) : 0;
			if ( $id > 0 && in_array( $id, $pos_users, true ) ) {
				$ids[ $id ] = $id;
			}
		}
		sort( $ids );
		return array_values( $ids );
	}

	/**
	 * A station's settings after the settings form: the form's fields checked and typed, every
	 * other key (set by another tool) kept as it was.
	 *
	 * @param array<string, mixed>  $current The station's settings now.
	 * @param array<string, string> $form    The `cloud_pos_settings[]` fields, text-sanitized.
	 * @return array<string, mixed>
	 */
	public static function station_settings( array $current, array $form ): array {
		$settings = $current;
		foreach ( array( 'receipt_header', 'receipt_footer' ) as $key ) {
			$settings[ $key ] = mb_substr( sanitize_text_field( (string) ( $form[ $key ] ?? '' ) ), 0, 200 );
		}
		$rate = $form['tax_rate'] ?? '';
		if ( is_numeric( $rate ) ) {
			$rate                 = min( 100.0, max( 0.0, round( (float) $rate, 2 ) ) );
			$settings['tax_rate'] = floor( $rate ) === $rate ? (int) $rate : $rate;
		}
		$currency = strtoupper( (string) ( $form['currency'] ?? '' ) );
		if ( preg_match( '/^[A-Z]{3}$/D', $currency ) ) {
			$settings['currency'] = $currency;
		}
		$settings['tax_display']   = 'incl' === ( $form['tax_display'] ?? '' ) ? 'incl' : 'excl';
		$settings['print_receipt'] = ! empty( $form['print_receipt'] );
		$settings['cash_drawer']   = ! empty( $form['cash_drawer'] );
		return $settings;
	}

	/**
	 * The WordPress error for one bad parameter, shaped like WordPress's own argument check.
	 *
	 * @param string $name   The parameter.
	 * @param string $reason Why it is refused.
	 */
	public static function invalid_param( string $name, string $reason ): WP_Error {
		return new WP_Error(
			'rest_invalid_param',
			sprintf( 'Invalid parameter(s): %s', $name ),
			array(
				'status' => 400,
				'params' => array( $name => $reason ),
			)
		);
	}

	/**
	 * The change a `PUT stations/{id}` body asks for, or the error naming the first bad
	 * parameter.
	 *
	 * @param mixed $body The decoded JSON body.
	 * @return array{cloud_slug?: string|null, is_default?: bool}|WP_Error
	 */
	public static function station_change( $body ) {
		if ( ! is_array( $body ) || ( array() !== $body && array_is_list( $body ) ) ) {
			return self::invalid_param( 'cloud_slug', 'The request body must be a JSON object.' );
		}
		$change = array();
		if ( array_key_exists( 'cloud_slug', $body ) ) {
			$slug = $body['cloud_slug'];
			if ( null !== $slug && ! self::is_cloud_slug( $slug ) ) {
				return self::invalid_param(
					'cloud_slug',
					'cloud_slug must be null or 1-64 lower-case letters, digits and single hyphens.'
				);
			}
			$change['cloud_slug'] = $slug;
		}
		if ( array_key_exists( 'is_default', $body ) ) {
			if ( ! is_bool( $body['is_default'] ) ) {
				return self::invalid_param( 'is_default', 'is_default is not of type boolean.' );
			}
			$change['is_default'] = $body['is_default'];
		}
		if ( ! array_key_exists( 'cloud_slug', $change ) && ! array_key_exists( 'is_default', $change ) ) {
			return self::invalid_param( 'cloud_slug', 'Give cloud_slug, is_default or both.' );
		}
		return $change;
	}

	/**
	 * Whether a value follows the cloud slug rule.
	 *
	 * @param mixed $slug The value.
	 */
	public static function is_cloud_slug( $slug ): bool {
		return is_string( $slug ) && strlen( $slug ) <= self::CLOUD_SLUG_MAX && 1 === preg_match( self::CLOUD_SLUG, $slug );
	}

	/**
	 * The default flags after one station becomes (or stops being) the default: the store keeps
	 * at most one default station, as the dashboard keeps one per application.
	 *
	 * @param array<int, bool> $defaults   Station id → is default.
	 * @param int              $pos_id     The station changed.
	 * @param bool             $is_default Its new flag.
	 * @return array<int, bool>
	 */
	public static function defaults_after( array $defaults, int $pos_id, bool $is_default ): array {
		$after = array();
		foreach ( $defaults as $id => $flag ) {
			$after[ $id ] = $is_default ? false : $flag;
		}
		$after[ $pos_id ] = $is_default;
		return $after;
	}

	/**
	 * A `POST invitations` body, trimmed and sanitized, or the error naming the first bad
	 * parameter.
	 *
	 * @param mixed $body The decoded JSON body.
	 * @return array{user_id: int, inviter_name: string, app_name: string, signup_url: string}|WP_Error
	 */
	public static function invitation( $body ) {
		$b       = is_array( $body ) ? $body : array();
		$user_id = $b['user_id'] ?? null;
		if ( ! is_int( $user_id ) || $user_id < 1 ) {
			return self::invalid_param( 'user_id', 'user_id is not of type integer.' );
		}
		if ( ! self::non_empty( $b['inviter_name'] ?? null, 200 ) ) {
			return self::invalid_param( 'inviter_name', 'inviter_name must be a non-empty string.' );
		}
		if ( ! self::non_empty( $b['app_name'] ?? null, 200 ) ) {
			return self::invalid_param( 'app_name', 'app_name must be a non-empty string.' );
		}
		$url = $b['signup_url'] ?? null;
		if ( ! self::non_empty( $url, 2048 ) || ! self::is_http_url( $url ) ) {
			return self::invalid_param( 'signup_url', 'signup_url must be an http(s) URL.' );
		}
		return array(
			'user_id'      => $user_id,
			'inviter_name' => sanitize_text_field( $b['inviter_name'] ),
			'app_name'     => sanitize_text_field( $b['app_name'] ),
			'signup_url'   => esc_url_raw( $url, array( 'http', 'https' ) ),
		);
	}

	/** The longest station address the "Connect to Cloud POS" screen keeps. */
	public const MAX_STATION_URL_LENGTH = 2048;

	/**
	 * The station address the onboarding popup sent back, as the connect screen keeps it: an
	 * absolute http(s) URL with a host, without user or password, at most
	 * MAX_STATION_URL_LENGTH characters; null otherwise. (Not wp_http_validate_url: that one
	 * refuses private hosts, and a development cloud POS runs on this machine.)
	 *
	 * @param mixed $value The posted address.
	 */
	public static function station_url( $value ): ?string {
		if ( ! is_string( $value ) || '' === $value || strlen( $value ) > self::MAX_STATION_URL_LENGTH || ! self::is_http_url( $value ) ) {
			return null;
		}
		$parts = wp_parse_url( $value );
		if ( isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return null;
		}
		$url = esc_url_raw( $value, array( 'http', 'https' ) );
		return '' === $url ? null : $url;
	}

	/**
	 * The Cloud POS dashboard the connect screen opens its popup from: the configured address
	 * (the CLOUD_POS_DASHBOARD_URL constant) when it is an http(s) address, else the default;
	 * without a trailing slash, since the popup's paths are appended.
	 *
	 * @param mixed  $configured The constant's value, or null when it is not defined.
	 * @param string $fallback   The plugin's default (CLOUD_POS_DEFAULT_DASHBOARD_URL).
	 */
	public static function dashboard_url( $configured, string $fallback ): string {
		$url = is_string( $configured ) && self::is_http_url( $configured ) ? $configured : $fallback;
		return rtrim( $url, '/' );
	}

	/**
	 * Whether a value is an absolute http(s) URL with a host.
	 *
	 * @param mixed $value The value.
	 */
	public static function is_http_url( $value ): bool {
		if ( ! is_string( $value ) || preg_match( '/[\s<>"]/', $value ) ) {
			return false;
		}
		$parts = wp_parse_url( $value );
		return is_array( $parts )
			&& in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true )
			&& '' !== ( $parts['host'] ?? '' );
	}

	/**
	 * Whether a JWKS address may be trusted: https, or plain http on this machine only (a
	 * development api), since whoever can change the key set can open every station.
	 *
	 * @param string $url The address.
	 */
	public static function is_trusted_jwks_url( string $url ): bool {
		if ( ! self::is_http_url( $url ) ) {
			return false;
		}
		$parts = wp_parse_url( $url );
		if ( 'https' === strtolower( $parts['scheme'] ) ) {
			return true;
		}
		$host = strtolower( trim( $parts['host'], '[]' ) );
		return 'localhost' === $host || '::1' === $host || 1 === preg_match( '/^127(\.\d{1,3}){3}$/D', $host );
	}

	/**
	 * The JWKS address of an api origin (the cloud POS host publishes it there).
	 *
	 * @param string $origin The api origin, e.g. `https://pos.example.com`.
	 */
	public static function jwks_url_of( string $origin ): string {
		return rtrim( $origin, '/' ) . '/.well-known/jwks.json';
	}

	/**
	 * Whether a request is for the pos-connect namespace, by pretty path or `rest_route`, so
	 * that WooCommerce authenticates its consumer keys as for its own routes.
	 *
	 * @param string $request_uri The raw REQUEST_URI.
	 * @param string $rest_prefix rest_get_url_prefix(), e.g. `wp-json`.
	 */
	public static function is_pos_connect_request( string $request_uri, string $rest_prefix ): bool {
		$path   = (string) wp_parse_url( $request_uri, PHP_URL_PATH );
		$needle = '/' . trim( $rest_prefix, '/' ) . '/pos-connect/';
		if ( false !== strpos( rawurldecode( $path ), $needle ) ) {
			return true;
		}
		$query = (string) wp_parse_url( $request_uri, PHP_URL_QUERY );
		parse_str( $query, $params );
		$route = $params['rest_route'] ?? '';
		return is_string( $route ) && 0 === strpos( '/' . ltrim( $route, '/' ), '/pos-connect/' );
	}

	/**
	 * Which credential `DELETE connection` revokes: the WooCommerce REST key the request was
	 * authenticated with (WooCommerce names it through `woocommerce_disable_rest_api_access_log`),
	 * else the WordPress application password it was made with (the contract run without
	 * WooCommerce), else nothing (a browser session has no key to give up) and a 400.
	 *
	 * @param int|null    $key_id            The WooCommerce key behind the request, if any.
	 * @param string|null $app_password_uuid The application password behind it, if any.
	 * @return array{type: string, id: int|string}|WP_Error
	 */
	public static function credential_to_revoke( ?int $key_id, ?string $app_password_uuid ) {
		if ( null !== $key_id && $key_id > 0 ) {
			return array(
				'type' => 'woocommerce_key',
				'id'   => $key_id,
			);
		}
		if ( null !== $app_password_uuid && '' !== $app_password_uuid ) {
			return array(
				'type' => 'application_password',
				'id'   => $app_password_uuid,
			);
		}
		return new WP_Error(
			'pos_connect_no_key',
			'This request was not made with a REST API key, so there is no key to revoke.',
			array( 'status' => 400 )
		);
	}

	/**
	 * Stations whose session cookie the request carries, the request's own station first: with
	 * pretty permalinks the cookie is `pos_station_session` on the path `/pos/{id}`, so only a
	 * request under that path (`$request_pos_id`) has one; without them each station's cookie
	 * is `pos_station_session_{id}` on the home path and names its station.
	 *
	 * @param list<string> $cookie_names   The request's cookie names.
	 * @param bool         $pretty         Whether the site uses pretty permalinks.
	 * @param int          $request_pos_id The station of a /pos/{id} request, else 0.
	 * @return list<int>
	 */
	public static function session_stations( array $cookie_names, bool $pretty, int $request_pos_id ): array {
		$ids = array();
		foreach ( $cookie_names as $name ) {
			if ( ! is_string( $name ) ) {
				continue;
			}
			if ( $pretty && self::SESSION_COOKIE === $name && $request_pos_id > 0 ) {
				$ids[] = $request_pos_id;
			} elseif ( ! $pretty && preg_match( '/^' . self::SESSION_COOKIE . '_([1-9][0-9]{0,9})$/D', $name, $m ) ) {
				$ids[] = (int) $m[1];
			}
		}
		$ids = array_values( array_unique( $ids ) );
		sort( $ids );
		if ( $request_pos_id > 0 && in_array( $request_pos_id, $ids, true ) ) {
			$ids = array_merge( array( $request_pos_id ), array_values( array_diff( $ids, array( $request_pos_id ) ) ) );
		}
		return $ids;
	}

	/**
	 * Which live station session an order belongs to: the request's own station, else the
	 * only one; null when there is none, or several and the request names none of them.
	 *
	 * @param list<array{pos_id: int}> $live           Live sessions, in session_stations() order.
	 * @param int                      $request_pos_id The station of a /pos/{id} request, else 0.
	 * @return array{pos_id: int}|null
	 */
	public static function order_session( array $live, int $request_pos_id ): ?array {
		foreach ( $live as $session ) {
			if ( $request_pos_id > 0 && (int) $session['pos_id'] === $request_pos_id ) {
				return $session;
			}
		}
		return 1 === count( $live ) ? $live[0] : null;
	}

	/**
	 * What a Cloud POS order carries, as the api reads it (`orderFieldsOf` in
	 * api/src/domain/orders/wire.ts) and the sandbox register sets: `created_via` and the
	 * station/cashier meta, as strings. The station's name is its post title as plain text
	 * (a title may hold markup the reports must not show); the cashier's name is the store
	 * user's display name, else the signed-in person's name from the hand-off.
	 *
	 * @param int    $pos_id        The station.
	 * @param int    $wp_user_id    The store user the session acts as.
	 * @param string $display_name  That user's display name ('' when there is no such user).
	 * @param string $session_name  The person's name from the hand-off token.
	 * @param string $station_title The station post's title.
	 * @return array{created_via: string, meta: array<string, string>}
	 */
	public static function order_stamp( int $pos_id, int $wp_user_id, string $display_name, string $session_name, string $station_title ): array {
		$name = trim( $display_name );
		$name = '' === $name ? trim( $session_name ) : $name;
		return array(
			'created_via' => self::POS_CREATED_VIA,
			'meta'        => array(
				self::META_STATION      => (string) $pos_id,
				self::META_STATION_NAME => mb_substr( sanitize_text_field( $station_title ), 0, 200 ),
				self::META_CASHIER_ID   => (string) $wp_user_id,
				self::META_CASHIER_NAME => mb_substr( $name, 0, 200 ),
			),
		);
	}

	/**
	 * Whether an order still lacks the stamp (so a second hook, or a save from within one,
	 * changes nothing).
	 *
	 * @param string                                                   $created_via The order's `created_via`.
	 * @param array<string, string>                                    $meta        The order's values of the stamp's meta keys.
	 * @param array{created_via: string, meta: array<string, string>} $stamp       The stamp.
	 */
	public static function needs_stamp( string $created_via, array $meta, array $stamp ): bool {
		if ( $stamp['created_via'] !== $created_via ) {
			return true;
		}
		foreach ( $stamp['meta'] as $key => $value ) {
			if ( ! isset( $meta[ $key ] ) || (string) $meta[ $key ] !== $value ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The POS roles a request may give on this site, in the contract's order: only those the
	 * site has (without WooCommerce there is no shop_manager role).
	 *
	 * @param list<string> $site_roles The site's role names.
	 * @return list<string>
	 */
	public static function pos_roles_on( array $site_roles ): array {
		return array_values( array_intersect( self::POS_ROLES, $site_roles ) );
	}

	/**
	 * A `POST users` body, sanitized, or the error naming the first bad parameter (name, email,
	 * role, in that order). The email must pass WordPress's is_email(), have no white space and
	 * fit wp_users.user_email (100 characters); the name is sanitize_text_field()ed, then must be
	 * non-empty and at most 200 characters; the role must be a POS role the site has.
	 *
	 * @param mixed        $body      The decoded JSON body.
	 * @param list<string> $pos_roles The POS roles the site has (pos_roles_on()).
	 * @return array{name: string, email: string, role: string, first_name: string, last_name: string}|WP_Error
	 */
	public static function new_user( $body, array $pos_roles ) {
		if ( ! is_array( $body ) || ( array() !== $body && array_is_list( $body ) ) ) {
			return self::invalid_param( 'name', 'The request body must be a JSON object.' );
		}
		$name = is_string( $body['name'] ?? null ) ? sanitize_text_field( $body['name'] ) : '';
		if ( '' === $name || mb_strlen( $name ) > self::NAME_MAX ) {
			return self::invalid_param( 'name', 'name must be a non-empty string of at most 200 characters.' );
		}
		$email = $body['email'] ?? null;
		if ( ! self::is_user_email( $email ) ) {
			return self::invalid_param( 'email', 'email must be a valid email address of at most 100 characters.' );
		}
		$role = self::pos_role( $body['role'] ?? null, $pos_roles );
		if ( is_wp_error( $role ) ) {
			return $role;
		}
		$parts = explode( ' ', $name, 2 );
		return array(
			'name'       => $name,
			'email'      => $email,
			'role'       => $role,
			'first_name' => $parts[0],
			'last_name'  => $parts[1] ?? '',
		);
	}

	/**
	 * The role a `PUT users/{id}` body asks for, or the error.
	 *
	 * @param mixed        $body      The decoded JSON body.
	 * @param list<string> $pos_roles The POS roles the site has (pos_roles_on()).
	 * @return string|WP_Error
	 */
	public static function role_change( $body, array $pos_roles ) {
		$b = is_array( $body ) && ( array() === $body || ! array_is_list( $body ) ) ? $body : array();
		return self::pos_role( $b['role'] ?? null, $pos_roles );
	}

	/**
	 * A POS role the site has, or the error naming `role`.
	 *
	 * @param mixed        $role      The value.
	 * @param list<string> $pos_roles The POS roles the site has.
	 * @return string|WP_Error
	 */
	private static function pos_role( $role, array $pos_roles ) {
		if ( ! is_string( $role ) || ! in_array( $role, $pos_roles, true ) ) {
			return self::invalid_param( 'role', 'role must be one of: ' . implode( ', ', $pos_roles ) . '.' );
		}
		return $role;
	}

	/**
	 * Whether a value may be a store user's email: WordPress's is_email(), no white space (PHP's
	 * `$` would let a trailing newline through is_email()), at most 100 characters.
	 *
	 * @param mixed $email The value.
	 */
	public static function is_user_email( $email ): bool {
		return is_string( $email )
			&& strlen( $email ) <= self::EMAIL_MAX
			&& ! preg_match( '/\s/', $email )
			&& false !== is_email( $email );
	}

	/**
	 * The login a new user gets before it is made unique: the email's local part as WordPress's
	 * sanitize_user( …, true ) leaves it, lower-cased; `staff` when nothing is left.
	 *
	 * @param string $email A valid email address.
	 */
	public static function login_base( string $email ): string {
		$at    = strpos( $email, '@' );
		$local = false === $at ? $email : substr( $email, 0, $at );
		$login = strtolower( sanitize_user( $local, true ) );
		return '' === $login ? self::LOGIN_FALLBACK : $login;
	}

	/**
	 * The first login of `base`, `base-2`, `base-3`, … that nobody has, each cut to fit
	 * WordPress's 60 characters.
	 *
	 * @param string   $base  The login wanted (login_base()).
	 * @param callable $taken Whether a login is taken: fn( string $login ): bool.
	 */
	public static function unique_login( string $base, callable $taken ): string {
		for ( $n = 1; ; $n++ ) {
			$suffix = 1 === $n ? '' : '-' . $n;
			$login  = mb_substr( $base, 0, self::LOGIN_MAX - strlen( $suffix ) ) . $suffix;
			if ( ! $taken( $login ) ) {
				return $login;
			}
		}
	}

	/**
	 * A user's roles after a role change: the POS roles replaced by the new one (last), every
	 * other role kept in its order.
	 *
	 * @param array<int|string, string> $roles The user's roles.
	 * @param string                    $role  The new POS role.
	 * @return list<string>
	 */
	public static function roles_with_pos_role( array $roles, string $role ): array {
		$kept   = self::roles_without_pos_roles( $roles );
		$kept[] = $role;
		return $kept;
	}

	/**
	 * A user's roles once the POS access is taken away: every POS role gone, the others kept;
	 * with none left, `$fallback` (customer where WooCommerce has it, else subscriber).
	 *
	 * @param array<int|string, string> $roles    The user's roles.
	 * @param string                    $fallback The role of a user with none left.
	 * @return list<string>
	 */
	public static function roles_without_pos( array $roles, string $fallback ): array {
		$kept = self::roles_without_pos_roles( $roles );
		return array() === $kept ? array( $fallback ) : $kept;
	}

	/**
	 * The roles that are not POS roles, in their order.
	 *
	 * @param array<int|string, string> $roles Roles.
	 * @return list<string>
	 */
	private static function roles_without_pos_roles( array $roles ): array {
		return array_values(
			array_filter(
				array_map( 'strval', $roles ),
				static function ( string $role ): bool {
					return ! in_array( $role, self::POS_ROLES, true );
				}
			)
		);
	}

	/**
	 * The capability a staff route wants of the key's user besides manage_woocommerce (which
	 * WooCommerce's shop_manager has too): `create_users` to create a user (`POST users`),
	 * `promote_users` to change or take away a user's role (`PUT users/{id}`,
	 * `DELETE users/{id}/pos-access`), as WordPress's own users controller wants.
	 *
	 * @param string $method The request's method.
	 */
	public static function staff_capability( string $method ): string {
		return 'POST' === strtoupper( $method ) ? 'create_users' : 'promote_users';
	}

	/**
	 * The refusal of a staff route to a user without staff_capability(), in WordPress's own
	 * words (its users controller's): 403 rest_cannot_create_user for `POST users`, 403
	 * rest_cannot_edit for a change of a user; null when the user has it.
	 *
	 * @param string $method  The request's method.
	 * @param bool   $capable Whether the key's user has staff_capability( $method ).
	 */
	public static function staff_capability_problem( string $method, bool $capable ): ?WP_Error {
		if ( $capable ) {
			return null;
		}
		return 'POST' === strtoupper( $method )
			? new WP_Error( 'rest_cannot_create_user', self::CANNOT_CREATE_USER, array( 'status' => 403 ) )
			: self::cannot_edit_user();
	}

	/**
	 * The refusal of a change of a user the key's user may not edit (current_user_can
	 * `promote_user` and `edit_user` on them): 403 rest_cannot_edit; null when both hold.
	 *
	 * @param bool $can_promote current_user_can( 'promote_user', $id ).
	 * @param bool $can_edit    current_user_can( 'edit_user', $id ).
	 */
	public static function user_edit_problem( bool $can_promote, bool $can_edit ): ?WP_Error {
		return $can_promote && $can_edit ? null : self::cannot_edit_user();
	}

	/**
	 * The refusal of a role the key's user may not give (one get_editable_roles() leaves out):
	 * 403 rest_cannot_edit_roles; null when it may.
	 *
	 * @param string              $role           The POS role asked for.
	 * @param array<string,mixed> $editable_roles get_editable_roles(): role name => details.
	 */
	public static function role_grant_problem( string $role, array $editable_roles ): ?WP_Error {
		if ( array_key_exists( $role, $editable_roles ) ) {
			return null;
		}
		return new WP_Error( 'rest_cannot_edit_roles', self::CANNOT_GIVE_ROLE, array( 'status' => 403 ) );
	}

	/** WordPress's rest_cannot_edit refusal (its users controller's). */
	private static function cannot_edit_user(): WP_Error {
		return new WP_Error( 'rest_cannot_edit', self::CANNOT_EDIT_USER, array( 'status' => 403 ) );
	}

	/**
	 * A station's users once one user lost POS access: null (every POS user) stays null.
	 *
	 * @param list<int>|null $allowed The station's users.
	 * @param int            $user_id The user taken out.
	 * @return list<int>|null
	 */
	public static function users_without( ?array $allowed, int $user_id ): ?array {
		if ( null === $allowed ) {
			return null;
		}
		return array_values(
			array_filter(
				$allowed,
				static function ( $id ) use ( $user_id ): bool {
					return (int) $id !== $user_id;
				}
			)
		);
	}

	/**
	 * Whether a value is a trimmed-non-empty string of at most `$max` characters.
	 *
	 * @param mixed $value The value.
	 * @param int   $max   Longest length.
	 */
	private static function non_empty( $value, int $max ): bool {
		return is_string( $value ) && '' !== trim( $value ) && mb_strlen( $value ) <= $max;
	}

	/**
	 * How a register sale is paid (`payment` of `POST register/{pos_id}/orders`): cash with the
	 * amount tendered, in cents, or a card taken on an external terminal with its reference;
	 * else the error naming the parameter (the sandbox's texts).
	 *
	 * @param mixed $raw The `payment` parameter.
	 * @return array{method: string, tendered?: int, reference?: string}|WP_Error
	 */
	public static function register_payment( $raw ) {
		$method = is_array( $raw ) && isset( $raw['method'] ) ? $raw['method'] : null;
		if ( 'cash' === $method ) {
			$tendered = $raw['tendered'] ?? null;
			if ( ! is_string( $tendered ) || ! preg_match( '/^\d{1,7}(\.\d{1,2})?$/D', $tendered ) ) {
				return self::invalid_param( 'payment', 'payment.tendered must be an amount such as 20.00.' );
			}
			return array(
				'method'   => 'cash',
				'tendered' => (int) round( (float) $tendered * 100 ),
			);
		}
		if ( 'card' === $method ) {
			$reference = isset( $raw['reference'] ) && is_string( $raw['reference'] ) ? trim( $raw['reference'] ) : '';
			if ( '' === $reference || mb_strlen( $reference ) > 64 || preg_match( '/[\p{C}]/u', $reference ) ) {
				return self::invalid_param( 'payment', "payment.reference must be the card terminal's reference (1 to 64 characters)." );
			}
			return array(
				'method'    => 'card',
				'reference' => $reference,
			);
		}
		return self::invalid_param( 'payment', 'payment.method must be cash or card.' );
	}

	/**
	 * The order note of a register sale or parked sale (`note`; WooCommerce's customer-provided
	 * note): trimmed, at most 1000 characters, no control characters but new lines and tabs;
	 * '' when none; else the error naming the parameter (the sandbox's texts).
	 *
	 * @param mixed $raw The `note` parameter.
	 * @return string|WP_Error
	 */
	public static function register_note( $raw ) {
		if ( null === $raw ) {
			return '';
		}
		$problem = self::invalid_param( 'note', 'note must be a text of at most 1000 characters.' );
		if ( ! is_string( $raw ) || preg_match( '/[^\P{Cc}\n\t]/u', $raw ) || false === preg_match( '//u', $raw ) ) {
			return $problem;
		}
		$note = trim( $raw );
		return mb_strlen( $note ) > 1000 ? $problem : $note;
	}

	/**
	 * The customer a register sale names (`customer_id`): 0 for a guest (none given), else a
	 * positive whole number to look up; the error naming the parameter when it is neither.
	 *
	 * @param mixed $raw The `customer_id` parameter.
	 * @return int|WP_Error
	 */
	public static function register_customer_id( $raw ) {
		if ( null === $raw || 0 === $raw ) {
			return 0;
		}
		return is_int( $raw ) && $raw > 0 ? $raw : self::invalid_customer();
	}

	/**
	 * The refusal of a `customer_id` that names no customer of the store.
	 */
	public static function invalid_customer(): WP_Error {
		return self::invalid_param( 'customer_id', 'customer_id must be 0 (a guest) or a customer of this store.' );
	}

	/**
	 * The names of a customer the register creates (`POST register/{pos_id}/customers`): a
	 * first name (1 to 100 characters) and a last name (at most 100), trimmed; the email is
	 * WooCommerce's to check (wc_create_new_customer). Else the error naming the parameter.
	 *
	 * @param mixed $body The decoded JSON body.
	 * @return array{first_name: string, last_name: string, email: string}|WP_Error
	 */
	public static function register_new_customer( $body ) {
		$body  = is_array( $body ) ? $body : array();
		$plain = static function ( $value ): bool {
			return is_string( $value ) && 1 === preg_match( '//u', $value ) && ! preg_match( '/\p{Cc}/u', $value );
		};
		$first = $body['first_name'] ?? null;
		if ( ! $plain( $first ) || '' === trim( $first ) || mb_strlen( trim( $first ) ) > 100 ) {
			return self::invalid_param( 'first_name', 'first_name is required (at most 100 characters).' );
		}
		$last = $body['last_name'] ?? '';
		if ( ! $plain( $last ) || mb_strlen( trim( $last ) ) > 100 ) {
			return self::invalid_param( 'last_name', 'last_name must be at most 100 characters.' );
		}
		$email = $body['email'] ?? '';
		return array(
			'first_name' => trim( $first ),
			'last_name'  => trim( $last ),
			'email'      => is_string( $email ) ? trim( $email ) : '',
		);
	}

	/**
	 * A discount the register's cashier gives (`discount` of a cart or of one of its lines):
	 * a percentage (above 0, at most 100) or a fixed amount, in cents; else the reason (the
	 * sandbox's texts).
	 *
	 * @param mixed  $raw   The discount.
	 * @param string $where How the reason names it (`discount`, `lines[].discount`).
	 * @return array{type: string, amount: float|int}|string
	 */
	public static function register_discount( $raw, string $where ) {
		$type   = is_array( $raw ) && isset( $raw['type'] ) ? $raw['type'] : null;
		$amount = is_array( $raw ) && isset( $raw['amount'] ) ? $raw['amount'] : null;
		$value  = is_string( $amount ) && preg_match( '/^\d{1,7}(\.\d{1,2})?$/D', $amount ) ? (float) $amount : -1.0;
		if ( 'percent' === $type && $value > 0 && $value <= 100 ) {
			return array(
				'type'   => 'percent',
				'amount' => $value,
			);
		}
		if ( 'fixed' === $type && $value > 0 ) {
			return array(
				'type'   => 'fixed',
				'amount' => (int) round( $value * 100 ),
			);
		}
		return $where . ' must be a percentage (above 0, at most 100) or a fixed amount such as 5.00.';
	}

	/**
	 * The coupon codes of a register cart (`coupons`), trimmed, lower case as WooCommerce keeps
	 * them, each once; else the error naming the parameter.
	 *
	 * @param mixed $raw The `coupons` parameter (absent: none).
	 * @return list<string>|WP_Error
	 */
	public static function register_coupons( $raw ) {
		if ( null === $raw ) {
			return array();
		}
		$valid = is_array( $raw ) && count( $raw ) <= 10;
		$codes = array();
		foreach ( $valid ? $raw : array() as $code ) {
			if ( ! is_string( $code ) || '' === trim( $code ) || strlen( $code ) > 100 ) {
				$valid = false;
				break;
			}
			$codes[] = mb_strtolower( trim( $code ) );
		}
		if ( ! $valid ) {
			return self::invalid_param( 'coupons', 'coupons must list at most 10 coupon codes.' );
		}
		return array_values( array_unique( $codes ) );
	}

	/**
	 * A register sale's idempotency key (header `Idempotency-Key` and/or the body's
	 * `idempotency_key`), lower case; null when neither is given; else the error naming the
	 * parameter (the sandbox's text). Both given must be the same key.
	 *
	 * @param mixed $header The header's value (null when absent).
	 * @param mixed $field  The body field's value (null when absent).
	 * @return string|null|WP_Error
	 */
	public static function idempotency_key( $header, $field ) {
		$given = array_filter(
			array( $header, $field ),
			static function ( $value ): bool {
				return null !== $value;
			}
		);
		if ( array() === $given ) {
			return null;
		}
		$keys = array();
		foreach ( $given as $value ) {
			$key = is_string( $value ) ? strtolower( trim( $value ) ) : '';
			if ( ! preg_match( '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/D', $key ) ) {
				$keys[] = '';
			} else {
				$keys[] = $key;
			}
		}
		$first = $keys[0];
		if ( '' === $first || count( array_unique( $keys ) ) > 1 ) {
			return self::invalid_param( 'idempotency_key', 'idempotency_key must be a UUID such as 3f2b8c1e-6d4a-4f8e-9b1c-2a7d5e0f9c31.' );
		}
		return $first;
	}

	/**
	 * A sale the register took while the store did not answer (the body's `offline`, with the
	 * provisional `shown_total` it showed): null for a sale made online; else the meta its order
	 * keeps, or the error naming the parameter (the sandbox's text).
	 *
	 * @param mixed $raw The `offline` parameter (null when absent).
	 * @return array<string, string>|null|WP_Error
	 */
	public static function offline_sale( $raw ) {
		if ( null === $raw ) {
			return null;
		}
		$shown = is_array( $raw ) && isset( $raw['shown_total'] ) ? $raw['shown_total'] : null;
		if ( ! is_string( $shown ) || ! preg_match( '/^\d{1,7}(\.\d{1,2})?$/D', $shown ) ) {
			return self::invalid_param( 'offline', 'offline.shown_total must be an amount such as 20.00.' );
		}
		return array( 'cloud_pos_offline_shown_total' => number_format( (float) $shown, 2, '.', '' ) );
	}
}

<?php
/**
 * The station POS pages: the api's hand-off (`POST /pos/{id}` with a token), the register
 * behind a station session, and signing out of it.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Routing and pages of /pos/{id}: the bar naming the station, the person and the store user,
 * and the Cloud POS register below it (assets/register/, the @pos/register build), which sells
 * through the pos-connect/v1/register/* routes (Cloud_POS_Register_API). Other orders that
 * WooCommerce creates while a station session is open (its checkout, or a POS app using
 * WooCommerce) get the station's `created_via` and meta from the stamp_* hooks.
 */
final class Cloud_POS_Register {

	/** The query variable naming the station. */
	public const QUERY_VAR = 'cloud_pos_station';

	/** The query variable of the sign-out action. */
	public const ACTION_VAR = 'cloud_pos_action';

	/** Adds /pos/{id} and /pos/{id}/sign-out. */
	public static function register_rewrites(): void {
		add_rewrite_rule( '^pos/([0-9]+)/?$', 'index.php?' . self::QUERY_VAR . '=$matches[1]', 'top' );
		add_rewrite_rule( '^pos/([0-9]+)/sign-out/?$', 'index.php?' . self::QUERY_VAR . '=$matches[1]&' . self::ACTION_VAR . '=sign-out', 'top' );
	}

	/**
	 * Makes the two query variables public.
	 *
	 * @param list<string> $vars WordPress's public query variables.
	 * @return list<string>
	 */
	public static function query_vars( array $vars ): array {
		$vars[] = self::QUERY_VAR;
		$vars[] = self::ACTION_VAR;
		return $vars;
	}

	/** Answers a /pos/{id} request and ends it; any other request goes on. */
	public static function dispatch(): void {
		$raw = get_query_var( self::QUERY_VAR );
		if ( '' === $raw || null === $raw ) {
			return;
		}
		$station = Cloud_POS_Stations::find( absint( $raw ) );
		if ( null === $station ) {
			self::page( 404, __( 'Not found', 'cloud-pos' ), '<p>' . esc_html__( 'There is no such station.', 'cloud-pos' ) . '</p>' );
		}
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : 'GET';
		$action = (string) get_query_var( self::ACTION_VAR );
		if ( 'sign-out' === $action ) {
			'POST' === $method ? self::sign_out( $station ) : self::redirect( $station );
		}
		if ( 'POST' === $method ) {
			self::hand_off( $station );
		}
		self::register( $station );
	}

	/**
	 * Stamps an order WooCommerce's checkout builds while a station session is open
	 * (`woocommerce_checkout_create_order`, before the order is saved).
	 *
	 * @param mixed $order The order being created.
	 */
	public static function stamp_checkout_order( $order ): void {
		if ( is_a( $order, 'WC_Order' ) ) {
			self::stamp( $order, false );
		}
	}

	/**
	 * Stamps any other new order (Store API checkout, a POS app over REST, wp-admin) made while
	 * a station session is open (`woocommerce_new_order`, after the order is saved).
	 *
	 * @param mixed $order_id The new order's id.
	 * @param mixed $order    The order (WooCommerce 5.6+), else looked up.
	 */
	public static function stamp_new_order( $order_id, $order = null ): void {
		if ( ! is_a( $order, 'WC_Order' ) && function_exists( 'wc_get_order' ) ) {
			$order = wc_get_order( absint( $order_id ) );
		}
		if ( is_a( $order, 'WC_Order' ) ) {
			self::stamp( $order, true );
		}
	}

	/**
	 * Sets `created_via` and the station/cashier meta of the request's station session on the
	 * order, unless already there; no session, no change.
	 *
	 * @param WC_Order $order The order.
	 * @param bool     $save  Whether to save (the order is already stored).
	 */
	private static function stamp( $order, bool $save ): void {
		if ( ! method_exists( $order, 'set_created_via' ) || ! method_exists( $order, 'update_meta_data' ) ) {
			return;
		}
		$session = self::order_session();
		if ( null === $session ) {
			return;
		}
		$user    = get_userdata( (int) $session['wp_user_id'] );
		$station = Cloud_POS_Stations::find( (int) $session['pos_id'] );
		$stamp   = Cloud_POS_Rules::order_stamp(
			(int) $session['pos_id'],
			(int) $session['wp_user_id'],
			$user instanceof WP_User ? (string) $user->display_name : '',
			(string) $session['name'],
			null === $station ? '' : (string) $station->post_title
		);
		$current = array();
		foreach ( array_keys( $stamp['meta'] ) as $key ) {
			$current[ $key ] = (string) $order->get_meta( $key, true );
		}
		if ( ! Cloud_POS_Rules::needs_stamp( (string) $order->get_created_via(), $current, $stamp ) ) {
			return;
		}
		$order->set_created_via( $stamp['created_via'] );
		foreach ( $stamp['meta'] as $key => $value ) {
			$order->update_meta_data( $key, $value );
		}
		if ( $save ) {
			$order->save();
		}
	}

	/**
	 * The open station session this request acts in: the one of its own /pos/{id} station,
	 * else the only one its cookies name; the person must still have access to the station.
	 *
	 * @return array{id: string, pos_id: int, wp_user_id: int, sub: string, name: string, email: string, expires_at: int}|null
	 */
	private static function order_session(): ?array {
		global $wp_query;
		$request_pos_id = $wp_query instanceof WP_Query ? absint( get_query_var( self::QUERY_VAR ) ) : 0;
		$live           = array();
		foreach ( Cloud_POS_Rules::session_stations( array_map( 'strval', array_keys( $_COOKIE ) ), Cloud_POS_Stations::pretty_permalinks(), $request_pos_id ) as $pos_id ) {
			$session = null === Cloud_POS_Stations::find( $pos_id ) ? null : Cloud_POS_Station_Sessions::current( $pos_id );
			if ( null !== $session ) {
				$live[] = $session;
			}
		}
		$session = Cloud_POS_Rules::order_session( $live, $request_pos_id );
		return null !== $session && Cloud_POS_Stations::may_open( (int) $session['pos_id'], (int) $session['wp_user_id'] ) ? $session : null;
	}

	/**
	 * The hand-off: verifies the posted token, checks the store user may open the station,
	 * opens a station session and sends the browser on to the register.
	 *
	 * @param WP_Post $station The station.
	 */
	private static function hand_off( WP_Post $station ): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- the signed one-time token is the proof, checked below.
		$raw   = isset( $_POST['token'] ) && is_string( $_POST['token'] ) ? sanitize_text_field( wp_unslash( $_POST['token'] ) ) : '';
		$token = preg_match( '/^[A-Za-z0-9_.-]{1,8192}$/D', $raw ) ? $raw : ( '' === $raw ? null : 'malformed' );
		$check = new Cloud_POS_Handoff( new Cloud_POS_Remote_Keys(), new Cloud_POS_Token_Table() );
		$result = $check->verify( $token, home_url(), (int) $station->ID, time() );
		if ( ! $result['ok'] ) {
			self::refused( $station, $result['status'], $result['reason'] );
		}
		if ( ! Cloud_POS_Stations::may_open( (int) $station->ID, $result['claims']['wp_user_id'] ) ) {
			self::refused( $station, 403, self::no_access( $station ) );
		}
		Cloud_POS_Station_Sessions::open( (int) $station->ID, $result['claims'] );
		self::redirect( $station );
	}

	/**
	 * The register for the signed-in person, or the page saying how to sign in.
	 *
	 * @param WP_Post $station The station.
	 */
	private static function register( WP_Post $station ): void {
		$session = Cloud_POS_Station_Sessions::current( (int) $station->ID );
		$name    = esc_html( $station->post_title );
		if ( null === $session ) {
			self::page(
				401,
				__( 'Sign in required', 'cloud-pos' ),
				/* translators: 1: station name, 2: store name */
				'<p>' . sprintf( esc_html__( '%1$s is a point of sale station of %2$s.', 'cloud-pos' ), $name, esc_html( get_bloginfo( 'name' ) ) ) . '</p><p>'
				. esc_html__( 'Open this station from its cloud POS address.', 'cloud-pos' ) . '</p>'
			);
		}
		// Access can be taken away while a register is open (Station access in wp-admin).
		if ( ! Cloud_POS_Stations::may_open( (int) $station->ID, (int) $session['wp_user_id'] ) ) {
			Cloud_POS_Station_Sessions::close( $session );
			self::refused( $station, 403, self::no_access( $station ) );
		}
		// The register acts as the store user for this request only; it grants no wp-admin login.
		wp_set_current_user( (int) $session['wp_user_id'] );
		$store_user = get_userdata( (int) $session['wp_user_id'] );
		$sign_out   = Cloud_POS_Stations::pretty_permalinks()
			? home_url( '/pos/' . $station->ID . '/sign-out' )
			: add_query_arg(
				array(
					self::QUERY_VAR  => $station->ID,
					self::ACTION_VAR => 'sign-out',
				),
				home_url( '/' )
			);
		$body = '<header><h1>' . $name . '</h1><p>' . esc_html( get_bloginfo( 'name' ) ) . ' · '
			/* translators: %d: station id */
			. sprintf( esc_html__( 'Station %d', 'cloud-pos' ), (int) $station->ID ) . '</p>'
			/* translators: 1: the person's name, 2: their email */
			. '<p>' . sprintf( esc_html__( 'Signed in as %1$s (%2$s)', 'cloud-pos' ), esc_html( $session['name'] ), esc_html( $session['email'] ) );
		if ( $store_user instanceof WP_User ) {
			/* translators: %s: the store user's display name */
			$body .= '<br>' . sprintf( esc_html__( 'Store user: %s', 'cloud-pos' ), esc_html( $store_user->display_name ) );
		}
		$body .= '</p><form method="post" action="' . esc_url( $sign_out ) . '">'
			. '<input type="hidden" name="_pos_token" value="' . esc_attr( Cloud_POS_Station_Sessions::sign_out_token( $session ) ) . '">'
			. '<button type="submit">' . esc_html__( 'Sign out', 'cloud-pos' ) . '</button></form></header>';
		$config  = array(
			'posId'    => (int) $station->ID,
			'restBase' => untrailingslashit( rest_url( Cloud_POS_Register_API::NAMESPACE . '/register/' . $station->ID ) ),
			'token'    => Cloud_POS_Station_Sessions::register_token( $session ),
		);
		$scripts = self::register_scripts();
		$body   .= '<div id="cloud-pos-register" data-config="' . esc_attr( (string) wp_json_encode( $config ) ) . '">';
		if ( array() === $scripts ) {
			$body .= '<p role="alert">' . esc_html__( 'The register is not installed: its files are missing from the Cloud POS plugin.', 'cloud-pos' ) . '</p>';
		}
		$body .= '</div>';
		foreach ( $scripts as $src ) {
			$body .= '<script src="' . esc_url( $src ) . '" defer></script>'; // phpcs:ignore WordPress.WP.EnqueuedResources.NonEnqueuedScript -- a standalone page without wp_head.
		}
		self::page( 200, $station->post_title . ' · ' . get_bloginfo( 'name' ), $body, self::asset_origin() );
	}

	/**
	 * The register's built files (assets/register/, listed in order by its manifest.json);
	 * none when the plugin was packed without them.
	 *
	 * @return list<string> Their URLs.
	 */
	private static function register_scripts(): array {
		$dir      = plugin_dir_path( CLOUD_POS_FILE ) . 'assets/register/';
		$manifest = is_readable( $dir . 'manifest.json' ) ? json_decode( (string) file_get_contents( $dir . 'manifest.json' ), true ) : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file of the plugin.
		$urls     = array();
		foreach ( is_array( $manifest ) && is_array( $manifest['scripts'] ?? null ) ? $manifest['scripts'] : array() as $name ) {
			if ( is_string( $name ) && preg_match( '/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.js$/D', $name ) && is_readable( $dir . $name ) ) {
				$urls[] = plugins_url( 'assets/register/' . $name, CLOUD_POS_FILE );
			}
		}
		return $urls;
	}

	/**
	 * The origin the plugin's files are served from (a CDN may serve them), for the page's CSP.
	 */
	private static function asset_origin(): string {
		$url    = wp_parse_url( plugins_url( '', CLOUD_POS_FILE ) );
		$origin = ( $url['scheme'] ?? 'https' ) . '://' . ( $url['host'] ?? '' ) . ( isset( $url['port'] ) ? ':' . $url['port'] : '' );
		return preg_match( '#^https?://[A-Za-z0-9.\[\]:-]+$#D', $origin ) ? $origin : "'self'";
	}

	/**
	 * Ends the station session when the form's token is the session's own.
	 *
	 * @param WP_Post $station The station.
	 */
	private static function sign_out( WP_Post $station ): void {
		$session = Cloud_POS_Station_Sessions::current( (int) $station->ID );
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- _pos_token is this form's session-bound nonce, checked here.
		$given = isset( $_POST['_pos_token'] ) && is_string( $_POST['_pos_token'] ) ? sanitize_text_field( wp_unslash( $_POST['_pos_token'] ) ) : '';
		if ( null !== $session && hash_equals( Cloud_POS_Station_Sessions::sign_out_token( $session ), $given ) ) {
			Cloud_POS_Station_Sessions::close( $session );
		}
		self::redirect( $station );
	}

	/**
	 * Back to the station's page with a GET (303), and the end of the request.
	 *
	 * @param WP_Post $station The station.
	 */
	private static function redirect( WP_Post $station ): never {
		wp_safe_redirect( Cloud_POS_Stations::url( (int) $station->ID ), 303 );
		exit;
	}

	/**
	 * The refusal page.
	 *
	 * @param WP_Post $station The station.
	 * @param int     $status  403, or 503 when the keys could not be had.
	 * @param string  $reason  Why.
	 */
	private static function refused( WP_Post $station, int $status, string $reason ): never {
		$title = 403 === $status ? __( 'Access denied', 'cloud-pos' ) : __( 'Sign-in unavailable', 'cloud-pos' );
		self::page(
			$status,
			$title,
			'<p role="alert">' . esc_html( $reason ) . '</p><p class="muted">' . esc_html( $station->post_title ) . ' · ' . esc_html( get_bloginfo( 'name' ) ) . '</p>'
		);
	}

	/**
	 * The refusal text for a store user who may not open the station.
	 *
	 * @param WP_Post $station The station.
	 */
	private static function no_access( WP_Post $station ): string {
		/* translators: %s: station name */
		return sprintf( __( 'You do not have access to the %s station.', 'cloud-pos' ), $station->post_title );
	}

	/**
	 * Sends a small standalone page (no theme, no script) and ends the request.
	 *
	 * @param int    $status  HTTP status.
	 * @param string $title   Plain-text title.
	 * @param string $body    Escaped HTML.
	 * @param string $scripts Where the page's scripts come from (the register's); none when empty.
	 */
	private static function page( int $status, string $title, string $body, string $scripts = '' ): never {
		status_header( $status );
		nocache_headers();
		// Page caches must never keep a register or a refusal (both depend on the session).
		if ( ! defined( 'DONOTCACHEPAGE' ) ) {
			define( 'DONOTCACHEPAGE', true );
		}
		header( 'Content-Type: text/html; charset=utf-8' );
		// The register's scripts, and its calls to this store's REST routes, and nothing else.
		$script = '' === $scripts ? '' : "; script-src {$scripts}; connect-src 'self'";
		header( "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'{$script}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'" );
		header( 'X-Content-Type-Options: nosniff' );
		header( 'Referrer-Policy: no-referrer' );
		echo '<!doctype html><html lang="' . esc_attr( get_bloginfo( 'language' ) ) . '"><head><meta charset="utf-8">'
			. '<meta name="viewport" content="width=device-width, initial-scale=1"><title>' . esc_html( $title ) . '</title>'
			. '<style>body{margin:0;font-family:system-ui,sans-serif;color:#1d2327;background:#f0f0f1}'
			. 'header{background:#1d2327;color:#f0f0f1;padding:12px 20px}main,body>h1,body>p{padding:0 20px}'
			. 'header h1{margin:0}header button{font:inherit;min-height:44px}.muted{color:#50575e}</style></head><body>';
		if ( 200 !== $status ) {
			echo '<h1>' . esc_html( $title ) . '</h1>';
		}
		echo $body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts above.
		echo '</body></html>';
		exit;
	}
}

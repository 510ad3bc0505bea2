<?php
/**
 * The "Connect to Cloud POS" screen: opens the Cloud POS onboarding popup (assets/connect.js)
 * and keeps the station address it sends back.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * The admin menu page Cloud POS → Connect to Cloud POS (administrators: manage_options), its
 * script, and the admin-ajax action that saves the station address (nonce and capability
 * checked). The sandbox store's `adminConnect.ts` renders the same markup and answers the same
 * action with the same words.
 */
final class Cloud_POS_Connect {

	public const PAGE               = 'cloud-pos-connect';
	public const CAPABILITY         = 'manage_options';
	public const ACTION             = 'cloud_pos_save_station';
	public const OPTION_STATION_URL = 'cloud_pos_station_url';
	private const SCRIPT            = 'cloud-pos-connect';

	/** Hooks the page, its script and the save. */
	public static function hook(): void {
		add_action( 'admin_menu', array( self::class, 'menu' ) );
		add_action( 'admin_enqueue_scripts', array( self::class, 'enqueue' ) );
		add_action( 'wp_ajax_' . self::ACTION, array( self::class, 'save' ) );
	}

	/**
	 * The Cloud POS dashboard: the wp-config constant CLOUD_POS_DASHBOARD_URL when it is an
	 * http(s) address, else CLOUD_POS_DEFAULT_DASHBOARD_URL (the production dashboard, or the
	 * one the download was built for).
	 */
	public static function dashboard_url(): string {
		$configured = defined( 'CLOUD_POS_DASHBOARD_URL' ) ? constant( 'CLOUD_POS_DASHBOARD_URL' ) : null;
		return Cloud_POS_Rules::dashboard_url( $configured, CLOUD_POS_DEFAULT_DASHBOARD_URL );
	}

	/** The station address saved by the screen, or ''. */
	public static function station_url(): string {
		return (string) get_option( self::OPTION_STATION_URL, '' );
	}

	/** Adds the top-level Cloud POS menu with its one page. */
	public static function menu(): void {
		add_menu_page(
			__( 'Connect to Cloud POS', 'cloud-pos' ),
			__( 'Cloud POS', 'cloud-pos' ),
			self::CAPABILITY,
			self::PAGE,
			array( self::class, 'render' ),
			'dashicons-store',
			56
		);
	}

	/**
	 * Loads connect.js on the page only.
	 *
	 * @param string $hook_suffix The admin page's hook suffix.
	 */
	public static function enqueue( string $hook_suffix ): void {
		if ( 'toplevel_page_' . self::PAGE !== $hook_suffix ) {
			return;
		}
		wp_enqueue_script(
			self::SCRIPT,
			plugins_url( 'assets/connect.js', CLOUD_POS_FILE ),
			array(),
			CLOUD_POS_VERSION,
			array(
				'in_footer' => true,
				'strategy'  => 'defer',
			)
		);
	}

	/** The screen: what happens, the two buttons, the status line and the saved station. */
	public static function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'cloud-pos' ), 403 );
		}
		$saved = self::station_url();
		?>
		<div class="wrap">
			<h1><?php esc_html_e( 'Connect to Cloud POS', 'cloud-pos' ); ?></h1>
			<div id="cloud-pos-connect"
				data-dashboard-url="<?php echo esc_attr( self::dashboard_url() ); ?>"
				data-home-url="<?php echo esc_attr( home_url() ); ?>"
				data-save-url="<?php echo esc_attr( admin_url( 'admin-ajax.php' ) ); ?>"
				data-save-action="<?php echo esc_attr( self::ACTION ); ?>"
				data-nonce="<?php echo esc_attr( wp_create_nonce( self::ACTION ) ); ?>">
				<p>
					<?php
					/* translators: %s: site name */
					printf( esc_html__( 'Connect %s to Cloud POS to sell in the browser from your POS stations.', 'cloud-pos' ), esc_html( get_bloginfo( 'name' ) ) );
					echo ' ';
					esc_html_e( 'A Cloud POS window opens: sign in or create an account there, confirm that this store (its name and address) is the one to connect, and approve the connection of this store.', 'cloud-pos' );
					echo ' ';
					esc_html_e( 'When it is done, the address of your first station appears on this page.', 'cloud-pos' );
					?>
				</p>
				<p>
					<button type="button" class="button button-primary" data-auth-mode="login" data-testid="cloud-pos-connect-login"><?php esc_html_e( 'Connect to Cloud POS', 'cloud-pos' ); ?></button>
					<button type="button" class="button" data-auth-mode="register" data-testid="cloud-pos-connect-register"><?php esc_html_e( 'Create an account', 'cloud-pos' ); ?></button>
				</p>
				<p class="description" role="status" aria-live="polite" data-cloud-pos-status data-testid="cloud-pos-connect-status"></p>
				<div class="notice notice-error inline" role="alert" data-cloud-pos-error data-testid="cloud-pos-connect-error" hidden></div>
				<div data-cloud-pos-station data-testid="cloud-pos-station" <?php echo '' === $saved ? 'hidden' : ''; ?>>
					<h2><?php esc_html_e( 'Your cloud POS station', 'cloud-pos' ); ?></h2>
					<p><a href="<?php echo esc_url( $saved ); ?>" target="_blank" rel="noopener" data-cloud-pos-station-link data-testid="cloud-pos-station-link"><?php echo esc_html( $saved ); ?></a></p>
				</div>
			</div>
		</div>
		<?php
	}

	/**
	 * `admin-ajax.php?action=cloud_pos_save_station` (logged-in only: WordPress answers `0`
	 * otherwise): manage_options, the nonce, then an http(s) address → the option, JSON.
	 */
	public static function save(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_send_json_error( array( 'message' => __( 'Sorry, you are not allowed to do that.', 'cloud-pos' ) ), 403 );
		}
		if ( false === check_ajax_referer( self::ACTION, '_wpnonce', false ) ) {
			wp_send_json_error( array( 'message' => __( 'The link you followed has expired.', 'cloud-pos' ) ), 403 );
		}
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked by Cloud_POS_Rules::station_url, then esc_url_raw.
		$raw = isset( $_POST['station_url'] ) && is_string( $_POST['station_url'] ) ? trim( wp_unslash( $_POST['station_url'] ) ) : '';
		$url = Cloud_POS_Rules::station_url( $raw );
		if ( null === $url ) {
			/* translators: %d: the longest address kept */
			wp_send_json_error( array( 'message' => sprintf( __( 'The station address must be an http(s) address of at most %d characters.', 'cloud-pos' ), Cloud_POS_Rules::MAX_STATION_URL_LENGTH ) ), 400 );
		}
		update_option( self::OPTION_STATION_URL, $url, false );
		wp_send_json_success( array( 'stationUrl' => $url ) );
	}
}

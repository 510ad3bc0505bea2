<?php
/**
 * The plugin's settings: the cloud POS api's address and where its public keys are.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Options, the settings page (POS Stations → Settings) and their sanitizing.
 */
final class Cloud_POS_Settings {

	public const GROUP         = 'cloud_pos';
	public const PAGE          = 'cloud-pos-settings';
	public const OPTION_ORIGIN = 'cloud_pos_api_origin';
	public const OPTION_JWKS   = 'cloud_pos_jwks_url';

	/** Hooks the settings page into wp-admin. */
	public static function hook(): void {
		add_action( 'admin_init', array( self::class, 'register' ) );
		add_action( 'admin_menu', array( self::class, 'menu' ) );
		// Store managers, not only site administrators, may save these options.
		add_filter( 'option_page_capability_' . self::GROUP, array( self::class, 'capability' ) );
		add_action( 'admin_notices', array( self::class, 'notice' ) );
	}

	/**
	 * Why stations cannot be opened yet, or null when the key set address is usable.
	 */
	public static function problem(): ?string {
		$url = self::jwks_url();
		if ( '' === $url ) {
			return __( 'Stations cannot be opened from the Cloud POS until its address is set.', 'cloud-pos' );
		}
		if ( ! Cloud_POS_Rules::is_trusted_jwks_url( $url ) ) {
			return __( 'Stations cannot be opened: the key set address must use https (plain http only on this machine).', 'cloud-pos' );
		}
		return null;
	}

	/** On the plugin's screens, says when stations cannot be opened and where to fix it. */
	public static function notice(): void {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( null === $screen || Cloud_POS_Stations::POST_TYPE !== $screen->post_type || ! current_user_can( self::capability() ) ) {
			return;
		}
		$problem = self::problem();
		if ( null === $problem ) {
			return;
		}
		$link = admin_url( 'edit.php?post_type=' . Cloud_POS_Stations::POST_TYPE . '&page=' . self::PAGE );
		printf(
			'<div class="notice notice-warning"><p>%1$s <a href="%2$s">%3$s</a></p></div>',
			esc_html( $problem ),
			esc_url( $link ),
			esc_html__( 'Cloud POS settings', 'cloud-pos' )
		);
	}

	/** The capability the settings need. */
	public static function capability(): string {
		return 'manage_woocommerce';
	}

	/**
	 * The cloud POS api's origin: the option, else the address the zip was built for, else
	 * the wp-config constant CLOUD_POS_API_ORIGIN (which wins when defined).
	 */
	public static function api_origin(): string {
		if ( defined( 'CLOUD_POS_API_ORIGIN' ) ) {
			return (string) constant( 'CLOUD_POS_API_ORIGIN' );
		}
		$origin = (string) get_option( self::OPTION_ORIGIN, '' );
		return '' !== $origin ? $origin : CLOUD_POS_DEFAULT_API_ORIGIN;
	}

	/** The JWKS address: the option when set, else the api origin's well-known address. */
	public static function jwks_url(): string {
		$url = (string) get_option( self::OPTION_JWKS, '' );
		if ( '' !== $url ) {
			return $url;
		}
		$origin = self::api_origin();
		return '' === $origin ? '' : Cloud_POS_Rules::jwks_url_of( $origin );
	}

	/** Registers the two options with their sanitizers. */
	public static function register(): void {
		register_setting(
			self::GROUP,
			self::OPTION_ORIGIN,
			array(
				'type'              => 'string',
				'sanitize_callback' => array( self::class, 'sanitize_origin' ),
				'default'           => '',
			)
		);
		register_setting(
			self::GROUP,
			self::OPTION_JWKS,
			array(
				'type'              => 'string',
				'sanitize_callback' => array( self::class, 'sanitize_jwks_url' ),
				'default'           => '',
			)
		);
	}

	/**
	 * Keeps only the origin (scheme, host, port) of an http(s) address; the previous value
	 * stays when the new one is not such an address.
	 *
	 * @param mixed $value The submitted value.
	 */
	public static function sanitize_origin( $value ): string {
		$value = trim( sanitize_text_field( is_string( $value ) ? $value : '' ) );
		if ( '' === $value ) {
			return '';
		}
		$origin = self::origin_of( $value );
		if ( null === $origin ) {
			add_settings_error( self::OPTION_ORIGIN, 'cloud_pos_origin', __( 'The cloud POS address must be an http(s) address.', 'cloud-pos' ) );
			return (string) get_option( self::OPTION_ORIGIN, '' );
		}
		return $origin;
	}

	/**
	 * An https JWKS address (or http on this machine); the previous value stays otherwise.
	 *
	 * @param mixed $value The submitted value.
	 */
	public static function sanitize_jwks_url( $value ): string {
		$value = trim( sanitize_text_field( is_string( $value ) ? $value : '' ) );
		if ( '' === $value ) {
			return '';
		}
		if ( ! Cloud_POS_Rules::is_trusted_jwks_url( $value ) ) {
			add_settings_error( self::OPTION_JWKS, 'cloud_pos_jwks', __( 'The key set address must use https (plain http only on this machine).', 'cloud-pos' ) );
			return (string) get_option( self::OPTION_JWKS, '' );
		}
		return esc_url_raw( $value, array( 'http', 'https' ) );
	}

	/**
	 * `scheme://host[:port]` of an http(s) address; null when it is not one.
	 *
	 * @param string $url The address.
	 */
	public static function origin_of( string $url ): ?string {
		if ( ! Cloud_POS_Rules::is_http_url( $url ) ) {
			return null;
		}
		$parts  = wp_parse_url( $url );
		$origin = strtolower( $parts['scheme'] ) . '://' . strtolower( $parts['host'] );
		return isset( $parts['port'] ) ? $origin . ':' . (int) $parts['port'] : $origin;
	}

	/** Adds the page under POS Stations. */
	public static function menu(): void {
		add_submenu_page(
			'edit.php?post_type=' . Cloud_POS_Stations::POST_TYPE,
			__( 'Cloud POS settings', 'cloud-pos' ),
			__( 'Settings', 'cloud-pos' ),
			self::capability(),
			self::PAGE,
			array( self::class, 'render' )
		);
	}

	/** The settings form (options.php adds and checks its nonce). */
	public static function render(): void {
		if ( ! current_user_can( self::capability() ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'cloud-pos' ), 403 );
		}
		$jwks = self::jwks_url();
		?>
		<div class="wrap">
			<h1><?php esc_html_e( 'Cloud POS settings', 'cloud-pos' ); ?></h1>
			<?php settings_errors(); ?>
			<form method="post" action="options.php">
				<?php settings_fields( self::GROUP ); ?>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="cloud_pos_api_origin"><?php esc_html_e( 'Cloud POS address', 'cloud-pos' ); ?></label></th>
						<td>
							<input type="url" class="regular-text" id="cloud_pos_api_origin" name="<?php echo esc_attr( self::OPTION_ORIGIN ); ?>" value="<?php echo esc_attr( defined( 'CLOUD_POS_API_ORIGIN' ) ? self::api_origin() : (string) get_option( self::OPTION_ORIGIN, '' ) ); ?>" placeholder="<?php echo esc_attr( CLOUD_POS_DEFAULT_API_ORIGIN ? CLOUD_POS_DEFAULT_API_ORIGIN : 'https://pos.example.com' ); ?>" aria-describedby="cloud_pos_api_origin_hint" <?php disabled( defined( 'CLOUD_POS_API_ORIGIN' ) ); ?>>
							<p class="description" id="cloud_pos_api_origin_hint">
								<?php esc_html_e( 'Where your stations open (their cloud POS addresses). The stations trust sign-ins signed by this address only.', 'cloud-pos' ); ?>
								<?php if ( defined( 'CLOUD_POS_API_ORIGIN' ) ) : ?>
									<?php esc_html_e( 'Set by CLOUD_POS_API_ORIGIN in wp-config.php.', 'cloud-pos' ); ?>
								<?php endif; ?>
							</p>
						</td>
					</tr>
					<tr>
						<th scope="row"><label for="cloud_pos_jwks_url"><?php esc_html_e( 'Key set address (JWKS)', 'cloud-pos' ); ?></label></th>
						<td>
							<input type="url" class="regular-text" id="cloud_pos_jwks_url" name="<?php echo esc_attr( self::OPTION_JWKS ); ?>" value="<?php echo esc_attr( (string) get_option( self::OPTION_JWKS, '' ) ); ?>" aria-describedby="cloud_pos_jwks_url_hint">
							<p class="description" id="cloud_pos_jwks_url_hint">
								<?php esc_html_e( 'Leave empty to use the cloud POS address’s /.well-known/jwks.json.', 'cloud-pos' ); ?>
								<?php if ( '' !== $jwks ) : ?>
									<?php
									/* translators: %s: the key set address in use */
									printf( esc_html__( 'In use: %s', 'cloud-pos' ), '<code>' . esc_html( $jwks ) . '</code>' );
									?>
								<?php endif; ?>
							</p>
						</td>
					</tr>
				</table>
				<?php submit_button(); ?>
			</form>
		</div>
		<?php
	}
}

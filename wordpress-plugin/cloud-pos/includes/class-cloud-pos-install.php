<?php
/**
 * Activation, deactivation and schema upgrades.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * What the plugin sets up on a site and takes back.
 */
final class Cloud_POS_Install {

	/** The schema version: 1 the used-token table, 2 the POS roles may sell (publish_shop_orders). */
	public const DB_VERSION = '2';

	/**
	 * WooCommerce's capability of creating orders, which the register's sales check; its own
	 * roles (administrator, shop_manager) have it, the POS roles get it from this plugin.
	 */
	public const SELL_CAPABILITY = 'publish_shop_orders';

	public const OPTION_DB_VERSION = 'cloud_pos_db_version';

	/** The POS roles WooCommerce does not bring (administrator and shop_manager exist already). */
	public const ROLES = array(
		'cashier' => 'Cashier',
		'kiosk'   => 'Kiosk',
	);

	/** Activation: roles, the table, and the /pos/{id} rewrite rules. */
	public static function activate(): void {
		foreach ( self::ROLES as $role => $name ) {
			if ( null === get_role( $role ) ) {
				add_role( $role, $name, array( 'read' => true ) );
			}
		}
		self::grant_sell_capability();
		self::create_tables();
		Cloud_POS_Stations::register_post_type();
		Cloud_POS_Register::register_rewrites();
		flush_rewrite_rules();
		self::first_station();
	}

	/**
	 * A store that never had a station gets one, so that the dashboard has a station to show
	 * and open as soon as the store is connected.
	 */
	private static function first_station(): void {
		$any = get_posts(
			array(
				'post_type'   => Cloud_POS_Stations::POST_TYPE,
				'post_status' => 'any',
				'numberposts' => 1,
				'fields'      => 'ids',
			)
		);
		if ( array() !== $any ) {
			return;
		}
		$id = wp_insert_post(
			array(
				'post_type'   => Cloud_POS_Stations::POST_TYPE,
				'post_title'  => __( 'Checkout', 'cloud-pos' ),
				'post_status' => 'publish',
			)
		);
		if ( is_int( $id ) && $id > 0 ) {
			$settings                   = Cloud_POS_Stations::DEFAULT_SETTINGS;
			$settings['receipt_header'] = html_entity_decode( get_bloginfo( 'name' ), ENT_QUOTES, 'UTF-8' );
			$settings['currency']       = function_exists( 'get_woocommerce_currency' ) ? get_woocommerce_currency() : $settings['currency'];
			update_post_meta( $id, Cloud_POS_Stations::META_SETTINGS, $settings );
		}
	}

	/** Deactivation: the rewrite rules go; data stays until the plugin is deleted. */
	public static function deactivate(): void {
		flush_rewrite_rules();
	}

	/** Brings the table up to date after an update that skipped activation. */
	public static function maybe_upgrade(): void {
		if ( get_option( self::OPTION_DB_VERSION ) !== self::DB_VERSION ) {
			self::grant_sell_capability();
			self::create_tables();
		}
	}

	/** The POS roles may create orders at a register (and nothing more of wp-admin's orders). */
	private static function grant_sell_capability(): void {
		foreach ( array_keys( self::ROLES ) as $role ) {
			$found = get_role( $role );
			if ( null !== $found && ! $found->has_cap( self::SELL_CAPABILITY ) ) {
				$found->add_cap( self::SELL_CAPABILITY );
			}
		}
	}

	/** Creates or updates the used-token table. */
	private static function create_tables(): void {
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		dbDelta( Cloud_POS_Token_Table::schema() );
		update_option( self::OPTION_DB_VERSION, self::DB_VERSION, false );
	}
}

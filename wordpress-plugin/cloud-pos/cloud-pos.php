<?php
/**
 * Plugin Name:          Cloud POS
 * Description:          Connects this WooCommerce store to the Cloud POS dashboard: POS stations, who may open them, and their point of sale pages opened from the cloud POS address.
 * Version:              1.2.0
 * Requires at least:    6.1
 * Requires PHP:         8.1
 * Requires Plugins:     woocommerce
 * WC requires at least: 8.0
 * Author:               Cloud POS
 * License:              GPL-2.0-or-later
 * License URI:          https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:          cloud-pos
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

define( 'CLOUD_POS_VERSION', '1.2.0' );
define( 'CLOUD_POS_FILE', __FILE__ );

if ( ! defined( 'CLOUD_POS_DEFAULT_API_ORIGIN' ) ) {
	// The zip build stamps the dashboard's own address here; empty means "set it in Settings".
	define( 'CLOUD_POS_DEFAULT_API_ORIGIN', '' );
}

if ( ! defined( 'CLOUD_POS_DEFAULT_DASHBOARD_URL' ) ) {
	// The Cloud POS dashboard the "Connect to Cloud POS" screen opens its popup from: the
	// production dashboard, or the one the zip build stamps here. CLOUD_POS_DASHBOARD_URL in
	// wp-config.php wins.
	define( 'CLOUD_POS_DEFAULT_DASHBOARD_URL', 'https://dashboard.cloudpos.example' );
}

require_once __DIR__ . '/includes/class-cloud-pos-jwt.php';
require_once __DIR__ . '/includes/class-cloud-pos-handoff.php';
require_once __DIR__ . '/includes/class-cloud-pos-rules.php';
require_once __DIR__ . '/includes/class-cloud-pos-settings.php';
require_once __DIR__ . '/includes/class-cloud-pos-stations.php';
require_once __DIR__ . '/includes/class-cloud-pos-storage.php';
require_once __DIR__ . '/includes/class-cloud-pos-rest.php';
require_once __DIR__ . '/includes/class-cloud-pos-register.php';
require_once __DIR__ . '/includes/class-cloud-pos-register-rules.php';
require_once __DIR__ . '/includes/class-cloud-pos-sale-once.php';
require_once __DIR__ . '/includes/class-cloud-pos-register-api.php';
require_once __DIR__ . '/includes/class-cloud-pos-register-sales.php';
require_once __DIR__ . '/includes/class-cloud-pos-register-cart.php';
require_once __DIR__ . '/includes/class-cloud-pos-register-after-sale.php';
require_once __DIR__ . '/includes/class-cloud-pos-admin.php';
require_once __DIR__ . '/includes/class-cloud-pos-connect.php';
require_once __DIR__ . '/includes/class-cloud-pos-install.php';

register_activation_hook( __FILE__, array( 'Cloud_POS_Install', 'activate' ) );
register_deactivation_hook( __FILE__, array( 'Cloud_POS_Install', 'deactivate' ) );

add_action( 'init', array( 'Cloud_POS_Stations', 'register_post_type' ) );
add_action( 'init', array( 'Cloud_POS_Register', 'register_rewrites' ) );
add_filter( 'query_vars', array( 'Cloud_POS_Register', 'query_vars' ) );
add_action( 'template_redirect', array( 'Cloud_POS_Register', 'dispatch' ), 1 );
add_action( 'rest_api_init', array( 'Cloud_POS_REST', 'register_routes' ) );
add_action( 'rest_api_init', array( 'Cloud_POS_Register_API', 'register_routes' ) );
add_action( 'rest_api_init', array( 'Cloud_POS_Register_Sales', 'register_routes' ) );
add_filter( 'woocommerce_rest_is_request_to_rest_api', array( 'Cloud_POS_REST', 'is_request_to_rest_api' ) );
add_filter( 'woocommerce_disable_rest_api_access_log', array( 'Cloud_POS_REST', 'note_authenticated_key' ), 10, 2 );
add_action( 'plugins_loaded', array( 'Cloud_POS_Install', 'maybe_upgrade' ) );
// Orders made in a station session carry its station and cashier (no-ops without WooCommerce).
add_action( 'woocommerce_checkout_create_order', array( 'Cloud_POS_Register', 'stamp_checkout_order' ) );
add_action( 'woocommerce_new_order', array( 'Cloud_POS_Register', 'stamp_new_order' ), 10, 2 );

if ( is_admin() ) {
	Cloud_POS_Admin::hook();
	Cloud_POS_Settings::hook();
	Cloud_POS_Connect::hook();
}

add_action(
	'before_woocommerce_init',
	static function () {
		// The plugin touches orders only through WC_Order (stamping POS orders), so it works with
		// WooCommerce's order tables.
		if ( class_exists( \Automattic\WooCommerce\Utilities\FeaturesUtil::class ) ) {
			\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'custom_order_tables', CLOUD_POS_FILE, true );
		}
	}
);

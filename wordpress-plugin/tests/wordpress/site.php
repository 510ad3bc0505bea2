<?php
/**
 * Sets up the throw-away WordPress site the contract suite runs against (scripts/lib/wordpress.mjs
 * runs it with the PHP command line, once per phase, each in its own process):
 *
 *   php site.php install DOCROOT
 *     WordPress's own installer (wp_install) on the empty database of DOCROOT/wp-config.php.
 *   php site.php setup DOCROOT PLUGIN_ZIP [STAFF_ZIP]
 *     Pretty permalinks; the plugin (and its Staff add-on, when given) installed from the
 *     download zip by WordPress's own Plugin_Upgrader (what Plugins → Add New → Upload Plugin
 *     does) and activated; the
 *     administrator given manage_woocommerce (WooCommerce's installer would; WooCommerce is not
 *     packaged by Debian) and a shop_manager role as WooCommerce's (manage_woocommerce, neither
 *     create_users nor promote_users); POS users, a second station, and application passwords. Prints the
 *     site's description as JSON for the contract suite.
 *   php site.php woocommerce DOCROOT
 *     Activates WooCommerce (already unpacked into wp-content/plugins, the real-store step) and
 *     runs its installer (WC_Install::install: tables, roles, pages), its set-up wizard marked
 *     as skipped. With WooCommerce active, `setup` describes REST keys (OAuth 1.0a over http,
 *     as the api signs) instead of application passwords.
 *   php site.php station-users DOCROOT POS_ID all|ID,ID,…
 *     Sets who may open a station, as POS Stations → Edit access does (the suite's hook for
 *     what the dashboard has no route for).
 *   php site.php deliver-webhooks DOCROOT
 *     Runs the webhook deliveries waiting in Action Scheduler now, as its queue runner does
 *     (WP-CLI's `wp action-scheduler run --hooks=woocommerce_deliver_webhook_async`): claims
 *     them, processes each, and prints every delivery with the answer its receiver gave.
 *   php site.php plugin-off DOCROOT
 *     Makes the store one that never had the Cloud POS plugin active: the plugin deactivated,
 *     its stations moved to the trash (its activation then makes the first one again).
 *   php site.php plugin-on DOCROOT
 *     Undoes plugin-off: the plugin active again, the trashed stations back as they were.
 *   php site.php register-sales DOCROOT JWKS_URL|none
 *     The register's sales on the real store (with WooCommerce): the hand-off trusts the keys at
 *     JWKS_URL (the suite's own POS host; `none` forgets it again), and a product in stock to
 *     sell exists ("Contract Espresso"). Prints its id.
 *
 * @package CloudPOS
 */

if ( 'cli' !== PHP_SAPI || $argc < 3 ) {
	fwrite( STDERR, "usage: php site.php install|woocommerce|setup|station-users|deliver-webhooks|plugin-off|plugin-on|register-sales DOCROOT [ARGUMENTS]\n" );
	exit( 2 );
}

$cloud_pos_phase   = $argv[1];
$cloud_pos_docroot = rtrim( $argv[2], '/' );

/**
 * Stops with a message on standard error, which the test step prints.
 *
 * @param string $message What went wrong.
 */
function cloud_pos_site_fail( string $message ): void {
	fwrite( STDERR, "site.php: $message\n" );
	exit( 1 );
}

/**
 * The message of a WP_Error, or a fallback.
 *
 * @param mixed  $result   What a WordPress function returned.
 * @param string $fallback Said when it is no WP_Error.
 */
function cloud_pos_site_error( $result, string $fallback ): string {
	return is_wp_error( $result ) ? $result->get_error_code() . ': ' . $result->get_error_message() : $fallback;
}

if ( 'install' === $cloud_pos_phase ) {
	define( 'WP_INSTALLING', true );

	/** The installer's "new site" mail has nobody to go to here (pluggable, as WP-CLI does). */
	function wp_new_blog_notification() {
	}

	require $cloud_pos_docroot . '/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	if ( is_blog_installed() ) {
		cloud_pos_site_fail( 'the database already holds a WordPress site' );
	}
	$cloud_pos_installed = wp_install( 'Contract Coffee', 'storeadmin', 'owner@contract.test', false, '', wp_generate_password( 32 ) );
	if ( empty( $cloud_pos_installed['user_id'] ) ) {
		cloud_pos_site_fail( 'wp_install did not create the administrator' );
	}
	echo wp_json_encode( array( 'installed' => get_bloginfo( 'version' ) ) ), "\n";
	exit( 0 );
}

if ( 'woocommerce' === $cloud_pos_phase ) {
	require $cloud_pos_docroot . '/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
	$cloud_pos_activated = activate_plugin( 'woocommerce/woocommerce.php' );
	if ( null !== $cloud_pos_activated ) {
		cloud_pos_site_fail( 'activation of WooCommerce failed: ' . cloud_pos_site_error( $cloud_pos_activated, 'unknown error' ) );
	}
	// activate_plugin loaded WooCommerce after plugins_loaded: its installer must run by hand.
	WC_Install::install();
	// Else the first wp-admin page a test opens is redirected to WooCommerce's Home.
	delete_transient( '_wc_activation_redirect' );
	update_option( 'woocommerce_onboarding_profile', array( 'skipped' => true ) );
	update_option( 'woocommerce_task_list_hidden', 'yes' );
	update_option( 'woocommerce_show_marketplace_suggestions', 'no' );
	update_option( 'woocommerce_allow_tracking', 'no' );
	echo wp_json_encode( array( 'woocommerce' => WC()->version ) ), "\n";
	exit( 0 );
}

if ( 'shop' === $cloud_pos_phase ) {
	// The real store's catalogue for the register's journey: taxes on (8.25 % on top of prices
	// shown without tax), two simple products and a variable one with stock, and a coupon.
	require $cloud_pos_docroot . '/wp-load.php';
	update_option( 'woocommerce_calc_taxes', 'yes' );
	update_option( 'woocommerce_prices_include_tax', 'no' );
	update_option( 'woocommerce_tax_display_shop', 'excl' );
	update_option( 'woocommerce_tax_display_cart', 'excl' );
	update_option( 'woocommerce_default_country', 'US:CA' );
	WC_Tax::_insert_tax_rate(
		array(
			'tax_rate_country'  => '',
			'tax_rate_state'    => '',
			'tax_rate'          => '8.2500',
			'tax_rate_name'     => 'Sales tax',
			'tax_rate_priority' => 1,
			'tax_rate_compound' => 0,
			'tax_rate_shipping' => 1,
			'tax_rate_order'    => 0,
			'tax_rate_class'    => '',
		)
	);
	$cloud_pos_term = wp_insert_term( 'Merch', 'product_cat' );
	if ( is_wp_error( $cloud_pos_term ) ) {
		cloud_pos_site_fail( 'the product category: ' . $cloud_pos_term->get_error_message() );
	}
	$cloud_pos_shop = array();
	foreach ( array( array( 'Espresso Beans 250 g', '14.00', 'RS-BEANS' ), array( 'Ceramic Mug', '9.50', 'RS-MUG' ) ) as $cloud_pos_item ) {
		$cloud_pos_product = new WC_Product_Simple();
		$cloud_pos_product->set_name( $cloud_pos_item[0] );
		$cloud_pos_product->set_regular_price( $cloud_pos_item[1] );
		$cloud_pos_product->set_sku( $cloud_pos_item[2] );
		$cloud_pos_product->set_manage_stock( true );
		$cloud_pos_product->set_stock_quantity( 50 );
		$cloud_pos_product->set_category_ids( array( (int) $cloud_pos_term['term_id'] ) );
		$cloud_pos_product->set_status( 'publish' );
		$cloud_pos_shop[ $cloud_pos_item[0] ] = $cloud_pos_product->save();
	}
	$cloud_pos_size = new WC_Product_Attribute();
	$cloud_pos_size->set_name( 'Size' );
	$cloud_pos_size->set_options( array( 'Small', 'Large' ) );
	$cloud_pos_size->set_visible( true );
	$cloud_pos_size->set_variation( true );
	$cloud_pos_tee = new WC_Product_Variable();
	$cloud_pos_tee->set_name( 'Logo T-shirt' );
	$cloud_pos_tee->set_attributes( array( $cloud_pos_size ) );
	$cloud_pos_tee->set_category_ids( array( (int) $cloud_pos_term['term_id'] ) );
	$cloud_pos_tee->set_status( 'publish' );
	$cloud_pos_shop['Logo T-shirt'] = $cloud_pos_tee->save();
	foreach ( array( array( 'Small', '18.00', 'RS-TEE-S' ), array( 'Large', '20.00', 'RS-TEE-L' ) ) as $cloud_pos_item ) {
		$cloud_pos_variation = new WC_Product_Variation();
		$cloud_pos_variation->set_parent_id( $cloud_pos_shop['Logo T-shirt'] );
		$cloud_pos_variation->set_attributes( array( 'size' => $cloud_pos_item[0] ) );
		$cloud_pos_variation->set_regular_price( $cloud_pos_item[1] );
		$cloud_pos_variation->set_sku( $cloud_pos_item[2] );
		$cloud_pos_variation->set_manage_stock( true );
		$cloud_pos_variation->set_stock_quantity( 10 );
		$cloud_pos_variation->set_status( 'publish' );
		$cloud_pos_shop[ 'Logo T-shirt - ' . $cloud_pos_item[0] ] = $cloud_pos_variation->save();
	}
	WC_Product_Variable::sync( $cloud_pos_shop['Logo T-shirt'] );
	$cloud_pos_coupon = new WC_Coupon();
	$cloud_pos_coupon->set_code( 'welcome10' );
	$cloud_pos_coupon->set_discount_type( 'percent' );
	$cloud_pos_coupon->set_amount( 10 );
	$cloud_pos_coupon->save();
	echo wp_json_encode(
		array(
			'shop' => array(
				'products' => $cloud_pos_shop,
				'coupon'   => 'welcome10',
			),
		)
	), "\n";
	exit( 0 );
}

if ( 'register-sales' === $cloud_pos_phase && $argc >= 4 ) {
	require $cloud_pos_docroot . '/wp-load.php';
	if ( ! function_exists( 'wc_get_products' ) ) {
		cloud_pos_site_fail( 'register-sales needs WooCommerce' );
	}
	if ( 'none' === $argv[3] ) {
		delete_option( Cloud_POS_Settings::OPTION_JWKS );
	} else {
		update_option( Cloud_POS_Settings::OPTION_JWKS, $argv[3] );
	}
	$cloud_pos_found = wc_get_products(
		array(
			'name'   => 'Contract Espresso',
			'limit'  => 1,
			'return' => 'ids',
		)
	);
	if ( array() !== $cloud_pos_found ) {
		$cloud_pos_product_id = (int) $cloud_pos_found[0];
	} else {
		$cloud_pos_product = new WC_Product_Simple();
		$cloud_pos_product->set_name( 'Contract Espresso' );
		$cloud_pos_product->set_status( 'publish' );
		$cloud_pos_product->set_regular_price( '3.00' );
		$cloud_pos_product->set_manage_stock( true );
		$cloud_pos_product->set_stock_quantity( 1000 );
		$cloud_pos_product_id = $cloud_pos_product->save();
	}
	echo wp_json_encode(
		array(
			'jwks'       => get_option( Cloud_POS_Settings::OPTION_JWKS, '' ),
			'product_id' => $cloud_pos_product_id,
		)
	), "\n";
	exit( 0 );
}

if ( 'station-users' === $cloud_pos_phase && $argc >= 5 ) {
	require $cloud_pos_docroot . '/wp-load.php';
	$cloud_pos_pos_id = absint( $argv[3] );
	if ( null === Cloud_POS_Stations::find( $cloud_pos_pos_id ) ) {
		cloud_pos_site_fail( "no station $cloud_pos_pos_id" );
	}
	$cloud_pos_users = 'all' === $argv[4] ? null : array_map( 'absint', array_filter( explode( ',', $argv[4] ), 'strlen' ) );
	Cloud_POS_Stations::set_users( $cloud_pos_pos_id, $cloud_pos_users );
	echo wp_json_encode( array( 'users' => Cloud_POS_Stations::users( $cloud_pos_pos_id ) ) ), "\n";
	exit( 0 );
}

if ( 'deliver-webhooks' === $cloud_pos_phase ) {
	require $cloud_pos_docroot . '/wp-load.php';
	// What each delivery's receiver answered (WC_Webhook::deliver announces it).
	$cloud_pos_deliveries = array();
	add_action(
		'woocommerce_webhook_delivery',
		static function ( $http_args, $response, $duration, $arg, $webhook_id ) use ( &$cloud_pos_deliveries ): void {
			$cloud_pos_deliveries[] = array(
				'webhook' => (int) $webhook_id,
				'topic'   => $http_args['headers']['X-WC-Webhook-Topic'] ?? null,
				'arg'     => $arg,
				'status'  => is_wp_error( $response ) ? $response->get_error_message() : (int) wp_remote_retrieve_response_code( $response ),
			);
		},
		10,
		5
	);
	// A claim, as every Action Scheduler runner takes one: an action claimed here runs here only.
	// By hook alone: a store still migrating to Action Scheduler's tables (the hybrid store)
	// throws for a group its old post store has never seen.
	// Claims of 100 until none is left: the oldest first, as the queue runner takes them.
	$cloud_pos_store  = ActionScheduler::store();
	$cloud_pos_runner = ActionScheduler::runner();
	do {
		$cloud_pos_claim   = $cloud_pos_store->stake_claim( 100, null, array( 'woocommerce_deliver_webhook_async' ) );
		$cloud_pos_actions = $cloud_pos_claim->get_actions();
		foreach ( $cloud_pos_actions as $cloud_pos_action_id ) {
			$cloud_pos_runner->process_action( $cloud_pos_action_id, 'real-store journey' );
		}
		$cloud_pos_store->release_claim( $cloud_pos_claim );
	} while ( array() !== $cloud_pos_actions );
	$cloud_pos_left = as_get_scheduled_actions(
		array(
			'hook'   => 'woocommerce_deliver_webhook_async',
			'status' => ActionScheduler_Store::STATUS_PENDING,
		),
		'ids'
	);
	echo wp_json_encode(
		array(
			'deliveries' => $cloud_pos_deliveries,
			'pending'    => count( $cloud_pos_left ),
		)
	), "\n";
	exit( 0 );
}

if ( 'plugin-off' === $cloud_pos_phase || 'plugin-on' === $cloud_pos_phase ) {
	require $cloud_pos_docroot . '/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
	$cloud_pos_plugin = 'cloud-pos/cloud-pos.php';
	if ( 'plugin-off' === $cloud_pos_phase ) {
		$cloud_pos_trashed = array();
		foreach ( get_posts(
			array(
				'post_type'   => 'pos_station',
				'post_status' => 'any',
				'numberposts' => -1,
				'fields'      => 'ids',
			)
		) as $cloud_pos_station_id ) {
			if ( wp_trash_post( $cloud_pos_station_id ) ) {
				$cloud_pos_trashed[] = $cloud_pos_station_id;
			}
		}
		deactivate_plugins( $cloud_pos_plugin );
		echo wp_json_encode(
			array(
				'active'  => is_plugin_active( $cloud_pos_plugin ),
				'trashed' => $cloud_pos_trashed,
			)
		), "\n";
		exit( 0 );
	}
	// Back to the status each had before the trash, not to draft (WordPress 5.6+).
	add_filter( 'wp_untrash_post_status', 'wp_untrash_post_set_previous_status', 10, 3 );
	$cloud_pos_restored = array();
	foreach ( get_posts(
		array(
			'post_type'   => 'pos_station',
			'post_status' => 'trash',
			'numberposts' => -1,
			'fields'      => 'ids',
		)
	) as $cloud_pos_station_id ) {
		if ( wp_untrash_post( $cloud_pos_station_id ) ) {
			$cloud_pos_restored[] = $cloud_pos_station_id;
		}
	}
	// After the stations are back: activating on a store without one would make a first station.
	if ( ! is_plugin_active( $cloud_pos_plugin ) ) {
		$cloud_pos_activated = activate_plugin( $cloud_pos_plugin );
		if ( null !== $cloud_pos_activated ) {
			cloud_pos_site_fail( 'activation of the plugin failed: ' . cloud_pos_site_error( $cloud_pos_activated, 'unknown error' ) );
		}
	}
	echo wp_json_encode(
		array(
			'active'   => is_plugin_active( $cloud_pos_plugin ),
			'restored' => $cloud_pos_restored,
		)
	), "\n";
	exit( 0 );
}

if ( 'setup' !== $cloud_pos_phase || $argc < 4 ) {
	cloud_pos_site_fail( "unknown phase $cloud_pos_phase" );
}

require $cloud_pos_docroot . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/misc.php';
require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';

// /wp-json/… and /pos/{id} are routed by rewrite rules; WordPress rebuilds them when asked.
update_option( 'permalink_structure', '/%postname%/' );
delete_option( 'rewrite_rules' );

/**
 * Installs a plugin from its download zip as Upload Plugin does, and activates it.
 *
 * @param string $zip  The zip.
 * @param string $file The plugin file it must install, e.g. cloud-pos/cloud-pos.php.
 */
function cloud_pos_site_plugin( string $zip, string $file ): void {
	// The upgrader deletes the package it unpacked: give it a copy of the download.
	$package = get_temp_dir() . 'cloud-pos-' . wp_generate_password( 8, false ) . '.zip';
	if ( ! copy( $zip, $package ) ) {
		cloud_pos_site_fail( "cannot read the plugin zip $zip" );
	}
	$skin      = new Automatic_Upgrader_Skin();
	$upgrader  = new Plugin_Upgrader( $skin );
	$installed = $upgrader->install( $package );
	if ( true !== $installed ) {
		cloud_pos_site_fail( 'Upload Plugin failed: ' . cloud_pos_site_error( $installed, implode( ' ', $skin->get_upgrade_messages() ) ) );
	}
	$plugin = $upgrader->plugin_info();
	if ( $file !== $plugin ) {
		cloud_pos_site_fail( 'the zip installed ' . var_export( $plugin, true ) . ", not $file" );
	}
	$activated = activate_plugin( $plugin );
	if ( null !== $activated ) {
		cloud_pos_site_fail( "activation of $file failed: " . cloud_pos_site_error( $activated, 'unknown error' ) );
	}
}

cloud_pos_site_plugin( $argv[3], 'cloud-pos/cloud-pos.php' );
$cloud_pos_staff = $argc > 4;
if ( $cloud_pos_staff ) {
	cloud_pos_site_plugin( $argv[4], 'cloud-pos-staff/cloud-pos-staff.php' );
}

$cloud_pos_admin_role = get_role( 'administrator' );
$cloud_pos_admin_role->add_cap( 'manage_woocommerce' );

// WooCommerce's shop_manager role as far as the plugin's routes look at it: manage_woocommerce,
// but neither create_users nor promote_users (the staff routes refuse it).
if ( null === get_role( 'shop_manager' ) ) {
	add_role(
		'shop_manager',
		'Shop manager',
		array(
			'read'               => true,
			'list_users'         => true,
			'manage_woocommerce' => true,
		)
	);
}

/**
 * Adds a store user.
 *
 * @param string $login User name.
 * @param string $name  Display name.
 * @param string $role  Role.
 */
function cloud_pos_site_user( string $login, string $name, string $role ): int {
	$id = wp_insert_user(
		array(
			'user_login'   => $login,
			'user_email'   => "$login@contract.test",
			'display_name' => $name,
			'user_pass'    => wp_generate_password( 24 ),
			'role'         => $role,
		)
	);
	if ( is_wp_error( $id ) ) {
		cloud_pos_site_fail( "cannot add $login: " . $id->get_error_message() );
	}
	return (int) $id;
}

$cloud_pos_owner   = get_user_by( 'login', 'storeadmin' );
$cloud_pos_cashier = cloud_pos_site_user( 'casey.till', 'Casey Till', 'cashier' );
cloud_pos_site_user( 'sam.reader', 'Sam Reader', 'subscriber' );
cloud_pos_site_user( 'kim.kiosk', 'Kim Kiosk', 'kiosk' );
cloud_pos_site_user( 'nina.page', 'Nina Page', 'cashier' );
$cloud_pos_shop_manager = cloud_pos_site_user( 'olivia.hart', 'Olivia Hart', 'shop_manager' );

// wp-login.php passwords of the administrator and the shop manager, for the suite's visits of the
// "Connect to Cloud POS" screen (a browser's cookie login, not an application password).
$cloud_pos_login_password = wp_generate_password( 24, false );
wp_set_password( $cloud_pos_login_password, $cloud_pos_owner->ID );
wp_set_password( $cloud_pos_login_password, $cloud_pos_shop_manager );

$cloud_pos_station = wp_insert_post(
	array(
		'post_type'   => 'pos_station',
		'post_title'  => 'Front Counter',
		'post_status' => 'publish',
	),
	true
);
if ( is_wp_error( $cloud_pos_station ) ) {
	cloud_pos_site_fail( 'cannot add a station: ' . $cloud_pos_station->get_error_message() );
}

/**
 * A new application password of a user, as the Basic auth pair the suite sends.
 *
 * @param WP_User|int $user The user.
 * @param string      $name The password's name (unique per user).
 * @return array{username: string, password: string}
 */
function cloud_pos_site_password( $user, string $name ): array {
	$user    = $user instanceof WP_User ? $user : get_userdata( $user );
	$created = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => $name ) );
	if ( is_wp_error( $created ) ) {
		cloud_pos_site_fail( "cannot create the application password $name: " . $created->get_error_message() );
	}
	return array(
		'username' => $user->user_login,
		'password' => $created[0],
	);
}

/**
 * A new WooCommerce REST key of a user, made as WooCommerce's own REST API screen makes it (its
 * row in woocommerce_api_keys: the hashed consumer key, the secret in clear).
 *
 * @param WP_User|int $user        The user.
 * @param string      $description The key's description.
 * @return array{consumer_key: string, consumer_secret: string}
 */
function cloud_pos_site_key( $user, string $description ): array {
	global $wpdb;
	$user_id  = $user instanceof WP_User ? $user->ID : (int) $user;
	$key      = 'ck_' . wc_rand_hash();
	$secret   = 'cs_' . wc_rand_hash();
	$inserted = $wpdb->insert(
		$wpdb->prefix . 'woocommerce_api_keys',
		array(
			'user_id'         => $user_id,
			'description'     => $description,
			'permissions'     => 'read_write',
			'consumer_key'    => wc_api_hash( $key ),
			'consumer_secret' => $secret,
			'truncated_key'   => substr( $key, -7 ),
		)
	);
	if ( false === $inserted ) {
		cloud_pos_site_fail( "cannot add the REST key $description: " . $wpdb->last_error );
	}
	return array(
		'consumer_key'    => $key,
		'consumer_secret' => $secret,
	);
}

$cloud_pos_woocommerce = class_exists( 'WooCommerce' );
$cloud_pos_credential  = $cloud_pos_woocommerce ? 'cloud_pos_site_key' : 'cloud_pos_site_password';

echo wp_json_encode(
	array(
		'wordpress'    => get_bloginfo( 'version' ),
		'woocommerce'  => $cloud_pos_woocommerce ? WC()->version : null,
		'home'         => home_url(),
		'siteName'     => get_bloginfo( 'name' ),
		'docroot'      => $cloud_pos_docroot,
		'staffAddOn'   => $cloud_pos_staff,
		'owner'        => $cloud_pos_credential( $cloud_pos_owner, 'Cloud POS contract' ),
		'revocable'    => array_map(
			static function ( int $n ) use ( $cloud_pos_owner, $cloud_pos_credential ): array {
				return $cloud_pos_credential( $cloud_pos_owner, "Cloud POS contract revocable $n" );
			},
			range( 1, 4 )
		),
		// The real store's end-to-end journeys connect, delete and disconnect with these: each
		// journey takes fresh ones, a journey tried again too (so there are twice as many).
		'journeyKeys'  => $cloud_pos_woocommerce ? array_map(
			static function ( int $n ) use ( $cloud_pos_owner ): array {
				return cloud_pos_site_key( $cloud_pos_owner, "Cloud POS journey $n" );
			},
			range( 1, 24 )
		) : array(),
		'noCapability' => $cloud_pos_credential( $cloud_pos_cashier, 'Cloud POS contract cashier' ),
		'shopManager'  => $cloud_pos_credential( $cloud_pos_shop_manager, 'Cloud POS contract shop manager' ),
		'logins'       => array(
			'administrator' => array(
				'username' => 'storeadmin',
				'password' => $cloud_pos_login_password,
			),
			'shopManager'   => array(
				'username' => 'olivia.hart',
				'password' => $cloud_pos_login_password,
			),
		),
	)
), "\n";

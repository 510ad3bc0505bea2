<?php
/**
 * Sets up the throw-away WordPress site the contract suite runs against (scripts/lib/wordpress.mjs
 * runs it with the PHP command line, once per phase, each in its own process):
 *
 *   php site.php install DOCROOT
 *     WordPress's own installer (wp_install) on the empty database of DOCROOT/wp-config.php.
 *   php site.php setup DOCROOT PLUGIN_ZIP
 *     Pretty permalinks; the plugin installed from the download zip by WordPress's own
 *     Plugin_Upgrader (what Plugins → Add New → Upload Plugin does) and activated; the
 *     administrator given manage_woocommerce (WooCommerce's installer would; WooCommerce is not
 *     packaged by Debian); POS users, a second station, and application passwords. Prints the
 *     site's description as JSON for the contract suite.
 *
 * @package CloudPOS
 */

if ( 'cli' !== PHP_SAPI || $argc < 3 ) {
	fwrite( STDERR, "usage: php site.php install|setup DOCROOT [PLUGIN_ZIP]\n" );
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

// The upgrader deletes the package it unpacked: give it a copy of the download.
$cloud_pos_package = get_temp_dir() . 'cloud-pos-' . wp_generate_password( 8, false ) . '.zip';
if ( ! copy( $argv[3], $cloud_pos_package ) ) {
	cloud_pos_site_fail( "cannot read the plugin zip {$argv[3]}" );
}
$cloud_pos_skin      = new Automatic_Upgrader_Skin();
$cloud_pos_upgrader  = new Plugin_Upgrader( $cloud_pos_skin );
$cloud_pos_installed = $cloud_pos_upgrader->install( $cloud_pos_package );
if ( true !== $cloud_pos_installed ) {
	cloud_pos_site_fail( 'Upload Plugin failed: ' . cloud_pos_site_error( $cloud_pos_installed, implode( ' ', $cloud_pos_skin->get_upgrade_messages() ) ) );
}
$cloud_pos_plugin = $cloud_pos_upgrader->plugin_info();
if ( 'cloud-pos/cloud-pos.php' !== $cloud_pos_plugin ) {
	cloud_pos_site_fail( 'the zip installed ' . var_export( $cloud_pos_plugin, true ) . ', not cloud-pos/cloud-pos.php' );
}
$cloud_pos_activated = activate_plugin( $cloud_pos_plugin );
if ( null !== $cloud_pos_activated ) {
	cloud_pos_site_fail( 'activation failed: ' . cloud_pos_site_error( $cloud_pos_activated, 'unknown error' ) );
}

$cloud_pos_admin_role = get_role( 'administrator' );
$cloud_pos_admin_role->add_cap( 'manage_woocommerce' );

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

echo wp_json_encode(
	array(
		'wordpress'    => get_bloginfo( 'version' ),
		'home'         => home_url(),
		'siteName'     => get_bloginfo( 'name' ),
		'owner'        => cloud_pos_site_password( $cloud_pos_owner, 'Cloud POS contract' ),
		'revocable'    => array_map(
			static function ( int $n ) use ( $cloud_pos_owner ): array {
				return cloud_pos_site_password( $cloud_pos_owner, "Cloud POS contract revocable $n" );
			},
			range( 1, 4 )
		),
		'noCapability' => cloud_pos_site_password( $cloud_pos_cashier, 'Cloud POS contract cashier' ),
	)
), "\n";

<?php
/**
 * Deleting the plugin removes what it stored: stations, options, cached keys, station
 * sessions and the used-token table. The cashier and kiosk roles go when nobody holds them.
 *
 * @package CloudPOS
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

global $wpdb;

$cloud_pos_stations = get_posts(
	array(
		'post_type'   => 'pos_station',
		'post_status' => 'any',
		'numberposts' => -1,
		'fields'      => 'ids',
	)
);
foreach ( $cloud_pos_stations as $cloud_pos_station ) {
	wp_delete_post( $cloud_pos_station, true );
}

delete_option( 'cloud_pos_api_origin' );
delete_option( 'cloud_pos_jwks_url' );
delete_option( 'cloud_pos_db_version' );
delete_option( 'cloud_pos_station_url' );

// phpcs:disable WordPress.DB.DirectDatabaseQuery -- removing the plugin's own rows and table.
$wpdb->query(
	$wpdb->prepare(
		"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s",
		$wpdb->esc_like( '_transient_cloud_pos_' ) . '%',
		$wpdb->esc_like( '_transient_timeout_cloud_pos_' ) . '%'
	)
);
$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}cloud_pos_used_tokens" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange -- the plugin's own table.
// phpcs:enable

foreach ( array( 'cashier', 'kiosk' ) as $cloud_pos_role ) {
	$cloud_pos_holders = get_users(
		array(
			'role'   => $cloud_pos_role,
			'number' => 1,
			'fields' => 'ID',
		)
	);
	if ( array() === $cloud_pos_holders ) {
		remove_role( $cloud_pos_role );
	}
}

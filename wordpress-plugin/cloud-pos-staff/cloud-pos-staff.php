<?php
/**
 * Plugin Name:       Cloud POS Staff
 * Description:       Multiple users for Cloud POS: lets the Cloud POS dashboard list the store's POS staff and create, change and remove them (its Staff screen).
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Requires Plugins:  cloud-pos
 * Author:            Cloud POS
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       cloud-pos-staff
 *
 * @package CloudPOSStaff
 */

defined( 'ABSPATH' ) || exit;

// The Cloud POS plugin reports this in `GET pos-connect/v1/connection` as
// multiple_user_plugin_active; the dashboard offers its Staff screen for stores that have it.
add_filter( 'cloud_pos_multiple_user_plugin_active', '__return_true' );

<?php
/**
 * The router of PHP's built-in server for the contract run's WordPress: a file that exists is
 * served as it is (PHP files run), every other path goes to WordPress's index.php, as the
 * rewrite rules of WordPress's .htaccess do under Apache. Without a router the built-in server
 * would answer 404 to a missing path whose last segment has a dot.
 *
 *   php -S 127.0.0.1:PORT -t DOCROOT wordpress-plugin/tests/wordpress/router.php
 *
 * @package CloudPOS
 */

$cloud_pos_root = rtrim( (string) $_SERVER['DOCUMENT_ROOT'], '/' );
$cloud_pos_path = rawurldecode( (string) parse_url( (string) $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
if ( '/' !== $cloud_pos_path && false === strpos( $cloud_pos_path, '..' ) && file_exists( $cloud_pos_root . $cloud_pos_path ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $cloud_pos_root . '/index.php';
chdir( $cloud_pos_root );
require $cloud_pos_root . '/index.php';

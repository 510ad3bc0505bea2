<?php
/**
 * A register sale made at most once: its idempotency key kept as order meta, and a lock while
 * it is being made, so that a sale sent again (the register's offline queue, a retry after a
 * lost answer) or two racing requests make one order. The sandbox store answers the same.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * The lock is a row of its own in wp_options, inserted with INSERT IGNORE: the unique
 * option_name lets exactly one request insert it (add_option() would not do, it updates a row
 * that exists). It is held from before the order's transaction until after its commit.
 */
final class Cloud_POS_Sale_Once {

	/** The order meta that keeps the key of the sale that made the order. */
	public const META = 'cloud_pos_idempotency_key';

	/** Seconds after which a lock whose request died (a fatal error mid-sale) is taken over. */
	private const STALE_AFTER = 60;

	/** Seconds a request waits for another one making the same sale. */
	private const WAIT_FOR = 10;

	/**
	 * The order a station's sale with `$key` made, or null. Read from the order meta table
	 * itself (HPOS's wc_orders_meta, else postmeta): wc_get_orders() drops a meta_query on the
	 * posts storage, and a waiting request must see the other's commit at once, past any cache.
	 *
	 * @param int    $pos_id The station.
	 * @param string $key    The sale's idempotency key.
	 */
	public static function find( int $pos_id, string $key ): ?WC_Order {
		global $wpdb;
		$hpos = class_exists( '\Automattic\WooCommerce\Utilities\OrderUtil' )
			&& \Automattic\WooCommerce\Utilities\OrderUtil::custom_orders_table_usage_is_enabled();
		if ( $hpos ) {
			$meta = $wpdb->prefix . 'wc_orders_meta';
			$sql  = "SELECT k.order_id FROM {$meta} k INNER JOIN {$meta} s ON s.order_id = k.order_id WHERE k.meta_key = %s AND k.meta_value = %s AND s.meta_key = %s AND s.meta_value = %s LIMIT 1";
		} else {
			$sql = "SELECT k.post_id FROM {$wpdb->postmeta} k INNER JOIN {$wpdb->postmeta} s ON s.post_id = k.post_id INNER JOIN {$wpdb->posts} p ON p.ID = k.post_id AND p.post_type = 'shop_order' WHERE k.meta_key = %s AND k.meta_value = %s AND s.meta_key = %s AND s.meta_value = %s LIMIT 1";
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- the tables are WordPress's own names; the values are prepared.
		$id    = (int) $wpdb->get_var( $wpdb->prepare( $sql, self::META, $key, Cloud_POS_Rules::META_STATION, (string) $pos_id ) );
		$order = $id > 0 ? wc_get_order( $id ) : false;
		return $order instanceof WC_Order ? $order : null;
	}

	/**
	 * Takes the sale's lock: true when this request makes the sale (release() it afterwards),
	 * the order when another request made it meanwhile, or a 409 when the other request is
	 * still at it after WAIT_FOR seconds.
	 *
	 * @param int    $pos_id The station.
	 * @param string $key    The sale's idempotency key.
	 * @return true|WC_Order|WP_Error
	 */
	public static function acquire( int $pos_id, string $key ) {
		global $wpdb;
		$name     = self::lock_name( $pos_id, $key );
		$deadline = microtime( true ) + self::WAIT_FOR;
		do {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- an atomic lock row; no cache may answer for it.
			$inserted = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off')", $name, (string) time() ) );
			// Made between this request's first look and its lock: the holder has committed it.
			$made = self::find( $pos_id, $key );
			if ( 1 === $inserted ) {
				if ( null === $made ) {
					return true;
				}
				self::release( $pos_id, $key );
				return $made;
			}
			if ( null !== $made ) {
				return $made;
			}
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- frees a lock whose request died.
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND CAST(option_value AS UNSIGNED) < %d", $name, time() - self::STALE_AFTER ) );
			usleep( 200000 );
		} while ( microtime( true ) < $deadline );
		return new WP_Error( 'cloud_pos_register_sale_in_progress', __( 'The store is still making this sale. Try again in a moment.', 'cloud-pos' ), array( 'status' => 409 ) );
	}

	/**
	 * Frees the sale's lock, whether the order was made or not.
	 *
	 * @param int    $pos_id The station.
	 * @param string $key    The sale's idempotency key.
	 */
	public static function release( int $pos_id, string $key ): void {
		global $wpdb;
		$wpdb->delete( $wpdb->options, array( 'option_name' => self::lock_name( $pos_id, $key ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * The lock row's option_name (short enough for the column whatever the key).
	 *
	 * @param int    $pos_id The station.
	 * @param string $key    The sale's idempotency key.
	 */
	private static function lock_name( int $pos_id, string $key ): string {
		return 'cloud_pos_sale_lock_' . md5( $pos_id . ':' . $key );
	}
}

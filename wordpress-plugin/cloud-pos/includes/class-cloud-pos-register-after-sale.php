<?php
/**
 * The register's after-sale routes, pos-connect/v1/register/{pos_id}/*: the station's sales of
 * a day, one sale's receipt, refunds and the end-of-day summary, exactly as the sandbox store
 * answers them.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads the station's orders with wc_get_orders (its station meta, the day in the store's
 * time zone) and refunds with wc_create_refund (restocking, the money given back at the counter).
 */
final class Cloud_POS_Register_After_Sale {

	/** Order statuses of a day's sales: paid, whatever happened after. */
	private const PAID_STATUSES = array( 'wc-completed', 'wc-processing', 'wc-on-hold', 'wc-refunded' );

	/** Adds the routes (the permission callbacks are the register's). */
	public static function register_routes(): void {
		$base = '/register/(?P<pos_id>[0-9]{1,10})';
		$read = array( Cloud_POS_Register_API::class, 'can_read' );
		register_rest_route(
			Cloud_POS_Register_API::NAMESPACE,
			$base . '/sales',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'sales' ),
				'permission_callback' => $read,
			)
		);
		register_rest_route(
			Cloud_POS_Register_API::NAMESPACE,
			$base . '/orders/(?P<order_id>[0-9]{1,10})',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'order' ),
				'permission_callback' => $read,
			)
		);
		register_rest_route(
			Cloud_POS_Register_API::NAMESPACE,
			$base . '/orders/(?P<order_id>[0-9]{1,10})/refunds',
			array(
				'methods'             => 'POST',
				'callback'            => array( self::class, 'refund' ),
				'permission_callback' => array( self::class, 'can_refund' ),
			)
		);
		register_rest_route(
			Cloud_POS_Register_API::NAMESPACE,
			$base . '/summary',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'summary' ),
				'permission_callback' => $read,
			)
		);
	}

	/**
	 * The permission of a refund: the register's, and the store user may edit orders
	 * (edit_shop_orders, what WooCommerce's own refunds ask). The refusal is WooCommerce's.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public static function can_refund( WP_REST_Request $request ) {
		$allowed = Cloud_POS_Register_API::can_read( $request );
		if ( true !== $allowed ) {
			return $allowed;
		}
		if ( ! current_user_can( 'edit_shop_orders' ) ) {
			return new WP_Error( 'woocommerce_rest_cannot_create', __( 'Sorry, you are not allowed to create resources.', 'cloud-pos' ), array( 'status' => 403 ) );
		}
		return true;
	}

	/**
	 * GET register/{pos_id}/sales: the station's paid orders of a day (`date`, today in the
	 * store's time zone by default), newest first.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function sales( WP_REST_Request $request ) {
		$missing = Cloud_POS_Register_API::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$day = Cloud_POS_Register_Rules::day( $request['date'], self::today() );
		if ( is_wp_error( $day ) ) {
			return $day;
		}
		$list = array();
		foreach ( self::orders_of_day( absint( $request['pos_id'] ), $day ) as $order ) {
			$list[] = array(
				'id'               => $order->get_id(),
				'number'           => (string) $order->get_order_number(),
				'date_created_gmt' => self::gmt( $order->get_date_created() ),
				'status'           => $order->get_status(),
				'currency'         => $order->get_currency(),
				'total'            => self::decimal( $order->get_total() ),
				'refunded'         => self::decimal( $order->get_total_refunded() ),
				'cashier'          => (string) $order->get_meta( Cloud_POS_Rules::META_CASHIER_NAME, true ),
				'tenders'          => self::tenders_of( $order ),
			);
		}
		return Cloud_POS_Register_API::answer( $list );
	}

	/**
	 * GET register/{pos_id}/orders/{order_id}: one of the station's sales, as its receipt shows it.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function order( WP_REST_Request $request ) {
		$missing = Cloud_POS_Register_API::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$order = self::station_order( $request );
		if ( is_wp_error( $order ) ) {
			return $order;
		}
		return Cloud_POS_Register_API::answer( self::sale_view( $order, Cloud_POS_Stations::find( absint( $request['pos_id'] ) ) ) );
	}

	/**
	 * POST register/{pos_id}/orders/{order_id}/refunds: refunds some lines and units (`lines`,
	 * every unit left when absent) for `reason`, through wc_create_refund with the items
	 * restocked and no payment refunded (the money goes back at the counter). A unit's share is
	 * its line's total and taxes; the refund that takes every unit left takes what is left.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function refund( WP_REST_Request $request ) {
		$missing = Cloud_POS_Register_API::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$order = self::station_order( $request );
		if ( is_wp_error( $order ) ) {
			return $order;
		}
		$reason = Cloud_POS_Register_Rules::refund_reason( $request->get_param( 'reason' ) );
		if ( is_wp_error( $reason ) ) {
			return $reason;
		}
		$left = array();
		foreach ( $order->get_items() as $item_id => $item ) {
			$left[ (int) $item_id ] = array(
				'name' => html_entity_decode( $item->get_name(), ENT_QUOTES, 'UTF-8' ),
				'left' => (int) $item->get_quantity() - absint( $order->get_qty_refunded_for_item( $item_id ) ),
			);
		}
		$lines = Cloud_POS_Register_Rules::refund_lines( $request->get_param( 'lines' ), $left );
		if ( is_wp_error( $lines ) ) {
			return $lines;
		}
		if ( array() === $lines ) {
			return new WP_Error( 'cloud_pos_register_nothing_to_refund', __( 'Nothing is left to refund on this order.', 'cloud-pos' ), array( 'status' => 400 ) );
		}
		$decimals   = wc_get_price_decimals();
		$line_items = array();
		$amount     = 0.0;
		foreach ( $lines as $item_id => $quantity ) {
			$item  = $order->get_item( $item_id );
			$units = max( 1, (int) $item->get_quantity() );
			$taxes = array();
			foreach ( (array) ( $item->get_taxes()['total'] ?? array() ) as $rate_id => $tax ) {
				$taxes[ $rate_id ] = wc_format_decimal( (float) $tax / $units * $quantity, $decimals );
				$amount           += (float) $taxes[ $rate_id ];
			}
			$total                  = wc_format_decimal( (float) $item->get_total() / $units * $quantity, $decimals );
			$amount                += (float) $total;
			$line_items[ $item_id ] = array(
				'qty'          => $quantity,
				'refund_total' => $total,
				'refund_tax'   => $taxes,
			);
		}
		$every_unit = array_sum( $lines ) === array_sum( array_column( $left, 'left' ) );
		$amount     = $every_unit ? (float) $order->get_remaining_refund_amount() : $amount;

		global $wpdb;
		$wpdb->query( 'START TRANSACTION' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- one refund is one transaction.
		try {
			$refund = wc_create_refund(
				array(
					'amount'         => wc_format_decimal( $amount, $decimals ),
					'reason'         => $reason,
					'order_id'       => $order->get_id(),
					'line_items'     => $line_items,
					'refund_payment' => false,
					'restock_items'  => true,
				)
			);
		} catch ( Throwable $error ) {
			$refund = new WP_Error( 'woocommerce_rest_cannot_create_order_refund', $error->getMessage() );
		}
		if ( is_wp_error( $refund ) ) {
			$wpdb->query( 'ROLLBACK' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			// WooCommerce's own text (e.g. "Invalid refund amount."), as its REST refunds answer it.
			return new WP_Error( 'woocommerce_rest_cannot_create_order_refund', $refund->get_error_message(), array( 'status' => 400 ) );
		}
		$wpdb->query( 'COMMIT' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$response = Cloud_POS_Register_API::answer( self::sale_view( wc_get_order( $order->get_id() ), Cloud_POS_Stations::find( absint( $request['pos_id'] ) ) ) );
		$response->set_status( 201 );
		return $response;
	}

	/**
	 * GET register/{pos_id}/summary: the station's day (`date`, today by default): its paid
	 * orders' count and gross, the refunds made that day of its orders, net, by tender and by
	 * cashier (a refund counts for the cashier of its order).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function summary( WP_REST_Request $request ) {
		$missing = Cloud_POS_Register_API::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$day = Cloud_POS_Register_Rules::day( $request['date'], self::today() );
		if ( is_wp_error( $day ) ) {
			return $day;
		}
		$pos_id    = absint( $request['pos_id'] );
		$cents     = static fn( $amount ): int => (int) round( (float) $amount * 100 );
		$by_tender = array(
			'cash' => 0,
			'card' => 0,
		);
		$cashiers  = array();
		$gross     = 0;
		$refunds   = 0;
		$count     = 0;
		$cashier   = static function ( WC_Order $order ) use ( &$cashiers ): string {
			$name = (string) $order->get_meta( Cloud_POS_Rules::META_CASHIER_NAME, true );
			if ( ! isset( $cashiers[ $name ] ) ) {
				$cashiers[ $name ] = array(
					'orders'  => 0,
					'gross'   => 0,
					'refunds' => 0,
				);
			}
			return $name;
		};
		foreach ( self::orders_of_day( $pos_id, $day ) as $order ) {
			$name                         = $cashier( $order );
			$cashiers[ $name ]['orders'] += 1;
			$cashiers[ $name ]['gross']  += $cents( $order->get_total() );
			$gross                       += $cents( $order->get_total() );
			++$count;
			foreach ( self::tenders_of( $order ) as $tender ) {
				$by_tender[ 'card' === $tender['method'] ? 'card' : 'cash' ] += $cents( $tender['amount'] );
			}
		}
		// Refunds made that day, of the station's orders of any day.
		$made = wc_get_orders(
			array(
				'type'         => 'shop_order_refund',
				'limit'        => -1,
				'date_created' => self::day_range( $day ),
			)
		);
		foreach ( $made as $refund ) {
			$order = wc_get_order( $refund->get_parent_id() );
			if ( ! $order instanceof WC_Order || (string) $pos_id !== (string) $order->get_meta( Cloud_POS_Rules::META_STATION, true ) ) {
				continue;
			}
			$name                          = $cashier( $order );
			$cashiers[ $name ]['refunds'] += $cents( $refund->get_amount() );
			$refunds                      += $cents( $refund->get_amount() );
		}
		ksort( $cashiers, SORT_STRING );
		$money = array( Cloud_POS_Register_Rules::class, 'money' );
		$list  = array();
		foreach ( $cashiers as $name => $figures ) {
			$list[] = array(
				'name'    => (string) $name,
				'orders'  => $figures['orders'],
				'gross'   => $money( $figures['gross'] ),
				'refunds' => $money( $figures['refunds'] ),
				'net'     => $money( $figures['gross'] - $figures['refunds'] ),
			);
		}
		return Cloud_POS_Register_API::answer(
			array(
				'date'     => $day,
				'currency' => get_woocommerce_currency(),
				'orders'   => $count,
				'gross'    => $money( $gross ),
				'refunds'  => $money( $refunds ),
				'net'      => $money( $gross - $refunds ),
				'tenders'  => array(
					array(
						'method' => 'cash',
						'amount' => $money( $by_tender['cash'] ),
					),
					array(
						'method' => 'card',
						'amount' => $money( $by_tender['card'] ),
					),
				),
				'cashiers' => $list,
			)
		);
	}

	/**
	 * A sale as the register shows its receipt: lines (with what is refunded), totals, tenders,
	 * refunds.
	 *
	 * @param WC_Order $order   The order.
	 * @param WP_Post  $station The station.
	 * @return array<string, mixed>
	 */
	public static function sale_view( $order, WP_Post $station ): array {
		$meta  = static function ( string $key ) use ( $order ): ?string {
			$value = (string) $order->get_meta( $key, true );
			return '' === $value ? null : $value;
		};
		$lines = array();
		foreach ( $order->get_items() as $item_id => $item ) {
			$lines[] = array(
				'id'                => (int) $item_id,
				'product_id'        => (int) $item->get_product_id(),
				'variation_id'      => (int) $item->get_variation_id(),
				'name'              => html_entity_decode( $item->get_name(), ENT_QUOTES, 'UTF-8' ),
				'quantity'          => (int) $item->get_quantity(),
				'total'             => self::decimal( $item->get_total() ),
				'refunded_quantity' => absint( $order->get_qty_refunded_for_item( $item_id ) ),
			);
		}
		$refunds = array();
		foreach ( array_reverse( $order->get_refunds() ) as $refund ) {
			$refunds[] = array(
				'id'               => $refund->get_id(),
				'reason'           => (string) $refund->get_reason(),
				'amount'           => self::decimal( $refund->get_amount() ),
				'date_created_gmt' => self::gmt( $refund->get_date_created() ),
			);
		}
		// The register's coupons and discounts, as WooCommerce keeps them on the order.
		$totals = Cloud_POS_Register_API::totals_view( $order );
		return array(
			'id'                   => $order->get_id(),
			'number'               => (string) $order->get_order_number(),
			'status'               => $order->get_status(),
			'created_via'          => $order->get_created_via(),
			'currency'             => $order->get_currency(),
			'date_created_gmt'     => self::gmt( $order->get_date_created() ),
			'payment_method'       => $order->get_payment_method(),
			'payment_method_title' => $order->get_payment_method_title(),
			'station'              => array(
				'pos_id' => (int) $station->ID,
				'name'   => (string) $station->post_title,
			),
			'cashier'              => (string) $order->get_meta( Cloud_POS_Rules::META_CASHIER_NAME, true ),
			'line_items'           => $lines,
			'coupons'              => $totals['coupons'],
			'fees'                 => $totals['fees'],
			'subtotal'             => self::decimal( $order->get_subtotal() ),
			'discount_total'       => $totals['discount_total'],
			'total_tax'            => self::decimal( $order->get_total_tax() ),
			'total'                => self::decimal( $order->get_total() ),
			'tendered'             => $meta( Cloud_POS_Register_Rules::META_TENDERED ),
			'change'               => $meta( Cloud_POS_Register_Rules::META_CHANGE ),
			'reference'            => $meta( Cloud_POS_Register_Rules::META_REFERENCE ),
			'tenders'              => self::tenders_of( $order ),
			'refunded'             => self::decimal( $order->get_total_refunded() ),
			'refunds'              => $refunds,
		) + Cloud_POS_Register_Sales::details_view( $order );
	}

	/**
	 * The tenders an order records.
	 *
	 * @param WC_Order $order The order.
	 * @return list<array<string, string>>
	 */
	private static function tenders_of( $order ): array {
		$meta = array();
		foreach ( array( Cloud_POS_Register_Rules::META_TENDERS, Cloud_POS_Register_Rules::META_TENDERED, Cloud_POS_Register_Rules::META_CHANGE, Cloud_POS_Register_Rules::META_REFERENCE ) as $key ) {
			$meta[ $key ] = (string) $order->get_meta( $key, true );
		}
		return Cloud_POS_Register_Rules::recorded_tenders( $meta, (string) $order->get_payment_method(), self::decimal( $order->get_total() ) );
	}

	/**
	 * The station's order of the request (`order_id`), or WooCommerce's 404: another station's
	 * order, a refund, an order in the trash are not this register's.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WC_Order|WP_Error
	 */
	private static function station_order( WP_REST_Request $request ) {
		$order = wc_get_order( absint( $request['order_id'] ) );
		if ( ! $order instanceof WC_Order || 'shop_order' !== $order->get_type() || 'trash' === $order->get_status()
			|| (string) absint( $request['pos_id'] ) !== (string) $order->get_meta( Cloud_POS_Rules::META_STATION, true ) ) {
			return new WP_Error( 'woocommerce_rest_shop_order_invalid_id', __( 'Invalid ID.', 'woocommerce' ), array( 'status' => 404 ) );
		}
		return $order;
	}

	/**
	 * The station's paid orders created on `$day` (store time), newest first.
	 *
	 * @param int    $pos_id The station.
	 * @param string $day    YYYY-MM-DD.
	 * @return list<WC_Order>
	 */
	private static function orders_of_day( int $pos_id, string $day ): array {
		return wc_get_orders(
			array(
				'type'         => 'shop_order',
				'limit'        => -1,
				'status'       => self::PAID_STATUSES,
				'meta_key'     => Cloud_POS_Rules::META_STATION, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- the station's orders.
				'meta_value'   => (string) $pos_id, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
				'date_created' => self::day_range( $day ),
				'orderby'      => 'date',
				'order'        => 'DESC',
			)
		);
	}

	/**
	 * WooCommerce's date range ("from...to", timestamps, both included) of `$day` in the store's
	 * time zone.
	 *
	 * @param string $day YYYY-MM-DD.
	 */
	private static function day_range( string $day ): string {
		$start = new DateTimeImmutable( $day . ' 00:00:00', wp_timezone() );
		return $start->getTimestamp() . '...' . ( $start->modify( '+1 day' )->getTimestamp() - 1 );
	}

	/** Today in the store's time zone. */
	private static function today(): string {
		return ( new DateTimeImmutable( 'now', wp_timezone() ) )->format( 'Y-m-d' );
	}

	/**
	 * A WooCommerce date as the register reads it (UTC, no zone), '' when none.
	 *
	 * @param WC_DateTime|null $date The date.
	 */
	private static function gmt( $date ): string {
		return null === $date ? '' : gmdate( 'Y-m-d\TH:i:s', $date->getTimestamp() );
	}

	/**
	 * An amount in the store's decimals.
	 *
	 * @param mixed $amount The amount.
	 */
	private static function decimal( $amount ): string {
		return (string) wc_format_decimal( (float) $amount, wc_get_price_decimals() );
	}
}

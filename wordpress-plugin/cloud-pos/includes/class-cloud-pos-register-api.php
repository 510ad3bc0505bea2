<?php
/**
 * The register's routes, pos-connect/v1/register/{pos_id}/*: what the Cloud POS register on
 * /pos/{id} calls, exactly as the sandbox store answers them.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * The station session (its register cookie and CSRF token) authenticates every call, which
 * acts as the station's store user; writes check that user's WooCommerce capability. Orders,
 * taxes and stock go through WooCommerce's own PHP API.
 */
final class Cloud_POS_Register_API {

	/** The REST namespace (the dashboard's pos-connect/v1). */
	public const NAMESPACE = 'pos-connect/v1';

	/** Order meta of the tenders (beside the station and cashier of the order stamp). */
	public const META_TENDERED  = 'cloud_pos_cash_tendered';
	public const META_CHANGE    = 'cloud_pos_change_due';
	public const META_REFERENCE = 'cloud_pos_card_reference';

	/** Most lines of one sale, and most units of one line. */
	private const MAX_LINES    = 100;
	private const MAX_QUANTITY = 999;

	/** Adds the routes. */
	public static function register_routes(): void {
		$base  = '/register/(?P<pos_id>[0-9]{1,10})';
		$read  = array( self::class, 'can_read' );
		$write = array( self::class, 'can_write' );
		register_rest_route(
			self::NAMESPACE,
			$base . '/session',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'session' ),
				'permission_callback' => $read,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			$base . '/categories',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'categories' ),
				'permission_callback' => $read,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			$base . '/products',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'products' ),
				'permission_callback' => $read,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			$base . '/totals',
			array(
				'methods'             => 'POST',
				'callback'            => array( self::class, 'totals' ),
				'permission_callback' => $read,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			$base . '/orders',
			array(
				'methods'             => 'POST',
				'callback'            => array( self::class, 'create_order' ),
				'permission_callback' => $write,
			)
		);
	}

	/**
	 * The permission of every register route: the station exists, the request carries its
	 * session's register cookie and CSRF token, and the person may still open the station.
	 * The request then acts as the station's store user.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public static function can_read( WP_REST_Request $request ) {
		$pos_id = absint( $request['pos_id'] );
		$station = Cloud_POS_Stations::find( $pos_id );
		if ( null === $station ) {
			return new WP_Error( 'rest_no_route', __( 'No route was found matching the URL and request method.', 'cloud-pos' ), array( 'status' => 404 ) );
		}
		$session = Cloud_POS_Station_Sessions::current( $pos_id, true );
		if ( null === $session ) {
			return new WP_Error( 'cloud_pos_register_signed_out', __( 'The station session has ended. Open the station again from its cloud POS address.', 'cloud-pos' ), array( 'status' => 401 ) );
		}
		$token = (string) $request->get_header( 'x_pos_token' );
		if ( ! hash_equals( Cloud_POS_Station_Sessions::register_token( $session ), $token ) ) {
			return new WP_Error( 'cloud_pos_register_bad_token', __( 'The register could not be verified. Reload the register.', 'cloud-pos' ), array( 'status' => 403 ) );
		}
		if ( ! Cloud_POS_Stations::may_open( $pos_id, (int) $session['wp_user_id'] ) ) {
			/* translators: %s: station name */
			return new WP_Error( 'cloud_pos_register_no_access', sprintf( __( 'You do not have access to the %s station.', 'cloud-pos' ), $station->post_title ), array( 'status' => 403 ) );
		}
		// The register acts as the station's store user for this request only.
		wp_set_current_user( (int) $session['wp_user_id'] );
		$request->set_param( '_cloud_pos_session', $session );
		return true;
	}

	/**
	 * The permission of the register's writes: can_read(), and the store user may create orders
	 * (WooCommerce's publish_shop_orders). The refusal is WooCommerce's own.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public static function can_write( WP_REST_Request $request ) {
		$allowed = self::can_read( $request );
		if ( true !== $allowed ) {
			return $allowed;
		}
		if ( ! current_user_can( 'publish_shop_orders' ) ) {
			return new WP_Error( 'woocommerce_rest_cannot_create', __( 'Sorry, you are not allowed to create resources.', 'cloud-pos' ), array( 'status' => 403 ) );
		}
		return true;
	}

	/**
	 * GET register/{pos_id}/session: the station, the store's money settings and who sells.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function session( WP_REST_Request $request ) {
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$session = (array) $request->get_param( '_cloud_pos_session' );
		$station = Cloud_POS_Stations::find( absint( $request['pos_id'] ) );
		$user    = get_userdata( (int) $session['wp_user_id'] );
		return self::answer(
			array(
				'station'    => array(
					'pos_id' => (int) $station->ID,
					'name'   => (string) $station->post_title,
				),
				'store'      => array(
					'name'               => html_entity_decode( get_bloginfo( 'name' ), ENT_QUOTES, 'UTF-8' ),
					'currency'           => get_woocommerce_currency(),
					'locale'             => str_replace( '_', '-', determine_locale() ),
					'prices_include_tax' => 'incl' === get_option( 'woocommerce_tax_display_shop' ),
				),
				'person'     => array(
					'name'  => (string) $session['name'],
					'email' => (string) $session['email'],
				),
				'store_user' => array(
					'id'   => (int) $session['wp_user_id'],
					'name' => $user instanceof WP_User ? (string) $user->display_name : '',
				),
				'may_sell'   => current_user_can( 'publish_shop_orders' ),
				// The owner's Assistant progress, from the hand-off, when they show it in POS.
				'assistant'  => isset( $session['assistant'] ) && is_array( $session['assistant'] ) ? $session['assistant'] : null,
			)
		);
	}

	/**
	 * GET register/{pos_id}/categories: the product categories that hold products.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public static function categories() {
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$terms = get_terms(
			array(
				'taxonomy'   => 'product_cat',
				'hide_empty' => true,
			)
		);
		$list = array();
		foreach ( is_array( $terms ) ? $terms : array() as $term ) {
			$list[] = array(
				'slug'  => (string) $term->slug,
				'name'  => html_entity_decode( (string) $term->name, ENT_QUOTES, 'UTF-8' ),
				'count' => (int) $term->count,
			);
		}
		return self::answer( $list );
	}

	/**
	 * GET register/{pos_id}/products: published simple products by page, with X-WP-Total and
	 * X-WP-TotalPages, filtered by category slug and a search (an exact SKU or barcode, else
	 * the name).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function products( WP_REST_Request $request ) {
		$problem = Cloud_POS_Rules::page_problem( $request['page'] );
		if ( null !== $problem ) {
			return Cloud_POS_Rules::invalid_param( 'page', $problem );
		}
		$problem = Cloud_POS_Rules::per_page_problem( $request['per_page'] );
		if ( null !== $problem ) {
			return Cloud_POS_Rules::invalid_param( 'per_page', $problem );
		}
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$page     = Cloud_POS_Rules::positive_int( $request['page'], 1 ) ?? 1;
		$per_page = Cloud_POS_Rules::positive_int( $request['per_page'], 100 ) ?? 100;
		$args     = array(
			'status'   => 'publish',
			'type'     => array( 'simple' ),
			'limit'    => $per_page,
			'page'     => $page,
			'paginate' => true,
			'orderby'  => 'ID',
			'order'    => 'ASC',
		);
		$category = is_string( $request['category'] ) ? sanitize_title( $request['category'] ) : '';
		if ( '' !== $category ) {
			$args['category'] = array( $category );
		}
		$search = is_string( $request['search'] ) ? trim( sanitize_text_field( $request['search'] ) ) : '';
		if ( '' !== $search ) {
			$by_code = self::product_id_by_code( $search );
			if ( $by_code > 0 ) {
				$args['include'] = array( $by_code );
			} else {
				$args['s'] = $search;
			}
		}
		$found = wc_get_products( $args );
		$list  = array();
		foreach ( $found->products as $product ) {
			$list[] = self::product_view( $product );
		}
		$response = self::answer( $list );
		$response->header( 'X-WP-Total', (string) (int) $found->total );
		$response->header( 'X-WP-TotalPages', (string) (int) $found->max_num_pages );
		return $response;
	}

	/**
	 * POST register/{pos_id}/totals: WooCommerce's totals of a cart (an order that is never
	 * saved, through calculate_totals).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function totals( WP_REST_Request $request ) {
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$lines = self::cart_lines( $request->get_param( 'lines' ) );
		if ( is_wp_error( $lines ) ) {
			return $lines;
		}
		$order = self::unsaved_order( $lines );
		return self::answer( self::totals_view( $order ) );
	}

	/**
	 * POST register/{pos_id}/orders: a paid order of the cart, in one transaction: made by
	 * wc_create_order with WooCommerce's totals and taxes, the station and cashier stamp and
	 * the tender, paid (stock reduced by WooCommerce), completed.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function create_order( WP_REST_Request $request ) {
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		// A sale sent again (the register's offline queue, a retry) answers the order it made.
		$key = self::idempotency_key( $request );
		if ( is_wp_error( $key ) ) {
			return $key;
		}
		$made = null === $key ? null : Cloud_POS_Sale_Once::find( absint( $request['pos_id'] ), $key );
		if ( null !== $made ) {
			return self::answer( self::sale_view( $made, Cloud_POS_Stations::find( absint( $request['pos_id'] ) ) ) );
		}
		$lines = self::cart_lines( $request->get_param( 'lines' ) );
		if ( is_wp_error( $lines ) ) {
			return $lines;
		}
		$payment = Cloud_POS_Rules::register_payment( $request->get_param( 'payment' ) );
		if ( is_wp_error( $payment ) ) {
			return $payment;
		}
		$offline = Cloud_POS_Rules::offline_sale( $request->get_param( 'offline' ) );
		if ( is_wp_error( $offline ) ) {
			return $offline;
		}
		foreach ( $lines as $line ) {
			// A sale taken while the store did not answer has happened: WooCommerce takes the stock below zero.
			if ( null === $offline && ! $line['product']->has_enough_stock( $line['quantity'] ) ) {
				return new WP_Error(
					'woocommerce_rest_product_out_of_stock',
					/* translators: %s: product name */
					sprintf( __( 'Not enough units of %s are available in stock to fulfil this order.', 'woocommerce' ), $line['product']->get_name() ),
					array( 'status' => 400 )
				);
			}
		}
		$preview = self::unsaved_order( $lines );
		$total   = (float) $preview->get_total();
		$meta    = array();
		if ( 'cash' === $payment['method'] ) {
			// Cents on both sides: the tender is parsed in cents, whatever the store's decimals.
			$total_cents = (int) round( $total * 100 );
			if ( $payment['tendered'] < $total_cents && null === $offline ) {
				return new WP_Error( 'cloud_pos_register_tendered_short', __( 'The cash tendered is less than the total.', 'cloud-pos' ), array( 'status' => 400 ) );
			}
			$meta[ self::META_TENDERED ] = wc_format_decimal( $payment['tendered'] / 100, wc_get_price_decimals() );
			$meta[ self::META_CHANGE ]   = wc_format_decimal( max( 0, $payment['tendered'] - $total_cents ) / 100, wc_get_price_decimals() );
		} else {
			$meta[ self::META_REFERENCE ] = $payment['reference'];
		}
		$session = (array) $request->get_param( '_cloud_pos_session' );
		$station = Cloud_POS_Stations::find( absint( $request['pos_id'] ) );
		$user    = wp_get_current_user();
		$stamp   = Cloud_POS_Rules::order_stamp(
			(int) $station->ID,
			(int) $session['wp_user_id'],
			(string) $user->display_name,
			(string) $session['name'],
			(string) $station->post_title
		);

		$meta += $offline ?? array();
		if ( null !== $key ) {
			$held = Cloud_POS_Sale_Once::acquire( (int) $station->ID, $key );
			if ( $held instanceof WC_Order ) {
				return self::answer( self::sale_view( $held, $station ) );
			}
			if ( is_wp_error( $held ) ) {
				return $held;
			}
			$meta[ Cloud_POS_Sale_Once::META ] = $key;
		}

		global $wpdb;
		$wpdb->query( 'START TRANSACTION' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- one sale is one transaction.
		try {
			$order = wc_create_order(
				array(
					'status'      => 'pending',
					'customer_id' => 0,
					'created_via' => $stamp['created_via'],
				)
			);
			if ( is_wp_error( $order ) ) {
				throw new RuntimeException( $order->get_error_message() );
			}
			foreach ( $lines as $line ) {
				$order->add_product( $line['product'], $line['quantity'] );
			}
			$order->set_payment_method( 'cash' === $payment['method'] ? 'pos_cash' : 'pos_card' );
			$order->set_payment_method_title( 'cash' === $payment['method'] ? __( 'Cash', 'cloud-pos' ) : __( 'Card (external terminal)', 'cloud-pos' ) );
			if ( 'card' === $payment['method'] ) {
				$order->set_transaction_id( $payment['reference'] );
			}
			foreach ( $stamp['meta'] + $meta as $meta_key => $meta_value ) {
				$order->update_meta_data( $meta_key, $meta_value );
			}
			$order->calculate_totals( true );
			// Paid: WooCommerce records the payment and reduces the stock (wc_maybe_reduce_stock_levels).
			$order->payment_complete( 'card' === $payment['method'] ? $payment['reference'] : '' );
			$order->update_status( 'completed', __( 'Cloud POS sale.', 'cloud-pos' ) );
			$wpdb->query( 'COMMIT' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		} catch ( Throwable $error ) {
			$wpdb->query( 'ROLLBACK' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			if ( null !== $key ) {
				Cloud_POS_Sale_Once::release( (int) $station->ID, $key );
			}
			return new WP_Error( 'cloud_pos_register_order_failed', __( 'The store could not make the order. Nothing was charged; try again.', 'cloud-pos' ), array( 'status' => 500 ) );
		}
		if ( null !== $key ) {
			Cloud_POS_Sale_Once::release( (int) $station->ID, $key );
		}
		$response = self::answer( self::sale_view( wc_get_order( $order->get_id() ), $station ) );
		$response->set_status( 201 );
		return $response;
	}

	/**
	 * The sale's idempotency key: the `Idempotency-Key` header and/or the JSON body's
	 * `idempotency_key` (null when neither), or the refusal.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return string|null|WP_Error
	 */
	private static function idempotency_key( WP_REST_Request $request ) {
		$body = $request->get_json_params();
		return Cloud_POS_Rules::idempotency_key(
			$request->get_header( 'idempotency_key' ),
			is_array( $body ) && isset( $body['idempotency_key'] ) ? $body['idempotency_key'] : null
		);
	}

	/**
	 * The refusal when WooCommerce is not active: the register sells through it.
	 *
	 * @return WP_Error|null
	 */
	private static function woocommerce_missing(): ?WP_Error {
		if ( function_exists( 'wc_create_order' ) && function_exists( 'wc_get_products' ) ) {
			return null;
		}
		return new WP_Error( 'cloud_pos_woocommerce_missing', __( 'The register needs WooCommerce: install and activate WooCommerce on this store.', 'cloud-pos' ), array( 'status' => 503 ) );
	}

	/**
	 * A JSON answer that no cache keeps.
	 *
	 * @param mixed $data The body.
	 */
	private static function answer( $data ): WP_REST_Response {
		$response = new WP_REST_Response( $data );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * The product whose SKU or barcode (WooCommerce's GTIN/UPC/EAN/ISBN field) is `code`; 0 if none.
	 *
	 * @param string $code The code.
	 */
	private static function product_id_by_code( string $code ): int {
		$id = (int) wc_get_product_id_by_sku( $code );
		if ( 0 === $id && function_exists( 'wc_get_product_id_by_global_unique_id' ) ) {
			$id = (int) wc_get_product_id_by_global_unique_id( $code );
		}
		return $id;
	}

	/**
	 * A product as the register lists it: its price as the store shows it, and its stock.
	 *
	 * @param WC_Product $product The product.
	 * @return array<string, mixed>
	 */
	private static function product_view( $product ): array {
		$terms = get_the_terms( $product->get_id(), 'product_cat' );
		$first = is_array( $terms ) && array() !== $terms ? reset( $terms ) : null;
		$gtin  = method_exists( $product, 'get_global_unique_id' ) ? (string) $product->get_global_unique_id() : '';
		return array(
			'id'             => $product->get_id(),
			'name'           => html_entity_decode( $product->get_name(), ENT_QUOTES, 'UTF-8' ),
			'sku'            => (string) $product->get_sku(),
			'barcode'        => $gtin,
			'category'       => $first instanceof WP_Term ? html_entity_decode( $first->name, ENT_QUOTES, 'UTF-8' ) : '',
			'price'          => wc_format_decimal( wc_get_price_to_display( $product ), wc_get_price_decimals() ),
			'manage_stock'   => $product->managing_stock(),
			'stock_quantity' => $product->managing_stock() ? (int) $product->get_stock_quantity() : null,
			'stock_status'   => (string) $product->get_stock_status(),
		);
	}

	/**
	 * The posted cart, `[{product_id, quantity}]`, as purchasable products; a product given
	 * twice is one line.
	 *
	 * @param mixed $raw The `lines` parameter.
	 * @return list<array{product: WC_Product, quantity: int}>|WP_Error
	 */
	private static function cart_lines( $raw ) {
		if ( ! is_array( $raw ) || array() === $raw ) {
			return Cloud_POS_Rules::invalid_param( 'lines', __( 'lines must list at least one item.', 'cloud-pos' ) );
		}
		if ( count( $raw ) > self::MAX_LINES ) {
			/* translators: %d: the most lines */
			return Cloud_POS_Rules::invalid_param( 'lines', sprintf( __( 'lines must list at most %d items.', 'cloud-pos' ), self::MAX_LINES ) );
		}
		$lines = array();
		foreach ( $raw as $item ) {
			$id       = is_array( $item ) && isset( $item['product_id'] ) && is_int( $item['product_id'] ) ? $item['product_id'] : 0;
			$quantity = is_array( $item ) && isset( $item['quantity'] ) && is_int( $item['quantity'] ) ? $item['quantity'] : 0;
			$product  = $id > 0 ? wc_get_product( $id ) : null;
			if ( ! $product instanceof WC_Product || 'publish' !== $product->get_status() || ! $product->is_purchasable() ) {
				/* translators: %s: the product id given */
				return Cloud_POS_Rules::invalid_param( 'lines', sprintf( __( 'lines[].product_id %s is not a product of this store.', 'cloud-pos' ), (string) $id ) );
			}
			if ( $quantity < 1 ) {
				return Cloud_POS_Rules::invalid_param( 'lines', __( 'lines[].quantity must be a whole number of at least 1.', 'cloud-pos' ) );
			}
			if ( $quantity > self::MAX_QUANTITY ) {
				/* translators: %d: the most units */
				return Cloud_POS_Rules::invalid_param( 'lines', sprintf( __( 'lines[].quantity must be at most %d.', 'cloud-pos' ), self::MAX_QUANTITY ) );
			}
			if ( isset( $lines[ $id ] ) ) {
				$lines[ $id ]['quantity'] += $quantity;
			} else {
				$lines[ $id ] = array(
					'product'  => $product,
					'quantity' => $quantity,
				);
			}
		}
		return array_values( $lines );
	}

	/**
	 * An order of the cart that is never saved, with WooCommerce's totals (calculate_totals
	 * saves the order it computes: this one's save keeps nothing).
	 *
	 * @param list<array{product: WC_Product, quantity: int}> $lines The cart.
	 * @return WC_Order
	 */
	private static function unsaved_order( array $lines ) {
		$order = new class() extends WC_Order {
			/**
			 * Keeps nothing: the order only computes totals.
			 *
			 * @return int
			 */
			public function save() {
				return 0;
			}
		};
		foreach ( $lines as $line ) {
			$order->add_product( $line['product'], $line['quantity'] );
		}
		$order->calculate_totals( true );
		return $order;
	}

	/**
	 * The totals the register shows.
	 *
	 * @param WC_Order $order The computed order.
	 * @return array<string, mixed>
	 */
	private static function totals_view( $order ): array {
		$decimals = wc_get_price_decimals();
		$lines    = array();
		foreach ( $order->get_items() as $item ) {
			$quantity = (int) $item->get_quantity();
			$lines[]  = array(
				'product_id' => (int) $item->get_product_id(),
				'name'       => html_entity_decode( $item->get_name(), ENT_QUOTES, 'UTF-8' ),
				'quantity'   => $quantity,
				'price'      => wc_format_decimal( (float) $item->get_subtotal() / max( 1, $quantity ), $decimals ),
				'total'      => wc_format_decimal( $item->get_total(), $decimals ),
			);
		}
		return array(
			'currency'           => get_woocommerce_currency(),
			'prices_include_tax' => 'incl' === get_option( 'woocommerce_tax_display_shop' ),
			'lines'              => $lines,
			'subtotal'           => wc_format_decimal( $order->get_subtotal(), $decimals ),
			'total_tax'          => wc_format_decimal( $order->get_total_tax(), $decimals ),
			'total'              => wc_format_decimal( $order->get_total(), $decimals ),
		);
	}

	/**
	 * A sale as the register shows its receipt.
	 *
	 * @param WC_Order $order   The paid order.
	 * @param WP_Post  $station The station.
	 * @return array<string, mixed>
	 */
	private static function sale_view( $order, WP_Post $station ): array {
		$decimals = wc_get_price_decimals();
		$totals   = self::totals_view( $order );
		$meta     = static function ( string $key ) use ( $order ): ?string {
			$value = (string) $order->get_meta( $key, true );
			return '' === $value ? null : $value;
		};
		$created  = $order->get_date_created();
		return array(
			'id'               => $order->get_id(),
			'number'           => (string) $order->get_order_number(),
			'status'           => $order->get_status(),
			'created_via'      => $order->get_created_via(),
			'currency'         => $order->get_currency(),
			'date_created_gmt' => null === $created ? '' : gmdate( 'Y-m-d\TH:i:s', $created->getTimestamp() ),
			'payment_method'   => $order->get_payment_method(),
			'station'          => array(
				'pos_id' => (int) $station->ID,
				'name'   => (string) $station->post_title,
			),
			'cashier'          => (string) $order->get_meta( 'cloud_pos_cashier_name', true ),
			'line_items'       => array_map(
				static function ( array $line ): array {
					unset( $line['price'] );
					return $line;
				},
				$totals['lines']
			),
			'subtotal'         => $totals['subtotal'],
			'total_tax'        => $totals['total_tax'],
			'total'            => wc_format_decimal( $order->get_total(), $decimals ),
			'tendered'         => $meta( self::META_TENDERED ),
			'change'           => $meta( self::META_CHANGE ),
			'reference'        => $meta( self::META_REFERENCE ),
		);
	}
}

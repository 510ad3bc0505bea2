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
		Cloud_POS_Register_After_Sale::register_routes();
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
				'may_sell'     => current_user_can( 'publish_shop_orders' ),
				'may_discount' => current_user_can( Cloud_POS_Register_Cart::DISCOUNT_CAPABILITY ),
				// The owner's Assistant progress, from the hand-off, when they show it in POS.
				'assistant'    => isset( $session['assistant'] ) && is_array( $session['assistant'] ) ? $session['assistant'] : null,
			) + Cloud_POS_Register_Sales::session_extras( (int) $station->ID )
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
	 * GET register/{pos_id}/products: published simple and variable products by page, with
	 * X-WP-Total and X-WP-TotalPages, filtered by category slug and a search (an exact SKU or
	 * barcode, a variation's giving its product, else the name).
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
			'type'     => array( 'simple', 'variable' ),
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
			$found   = $by_code > 0 ? wc_get_product( $by_code ) : null;
			if ( $found instanceof WC_Product_Variation ) {
				$by_code = $found->get_parent_id();
			}
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
		$cart = self::cart_request( $request );
		if ( is_wp_error( $cart ) ) {
			return $cart;
		}
		$order = self::unsaved_order( $cart );
		if ( is_wp_error( $order ) ) {
			return $order;
		}
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
			return self::answer( Cloud_POS_Register_After_Sale::sale_view( $made, Cloud_POS_Stations::find( absint( $request['pos_id'] ) ) ) );
		}
		$cart = self::cart_request( $request );
		if ( is_wp_error( $cart ) ) {
			return $cart;
		}
		$lines   = $cart['lines'];
		$details = Cloud_POS_Register_Sales::sale_details( $request );
		if ( is_wp_error( $details ) ) {
			return $details;
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
		$preview = self::unsaved_order( $cart );
		if ( is_wp_error( $preview ) ) {
			return $preview;
		}
		// Cents on both sides: the tenders are parsed in cents, whatever the store's decimals. A
		// sale the register took while the store did not answer was paid for the total it
		// showed then: its tenders add up to that, and WooCommerce's total is what it settles.
		$due     = null === $offline ? (float) $preview->get_total() : (float) $offline['cloud_pos_offline_shown_total'];
		$tenders = Cloud_POS_Register_Rules::tenders(
			$request->get_param( 'tenders' ),
			$request->get_param( 'payment' ),
			(int) round( $due * 100 )
		);
		if ( is_wp_error( $tenders ) ) {
			return $tenders;
		}
		$method     = Cloud_POS_Register_Rules::payment_method( $tenders );
		$meta       = Cloud_POS_Register_Rules::tender_meta( $tenders );
		$references = $meta[ Cloud_POS_Register_Rules::META_REFERENCE ] ?? '';
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
				return self::answer( Cloud_POS_Register_After_Sale::sale_view( $held, $station ) );
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
			$order->set_prices_include_tax( wc_prices_include_tax() );
			foreach ( $lines as $line ) {
				$order->add_product( $line['product'], $line['quantity'] );
			}
			Cloud_POS_Register_Sales::apply_details( $order, $details );
			$adjusted = Cloud_POS_Register_Cart::adjust( $order, $cart );
			if ( is_wp_error( $adjusted ) ) {
				throw new RuntimeException( $adjusted->get_error_message() );
			}
			$order->set_payment_method( $method['id'] );
			$order->set_payment_method_title( $method['title'] );
			if ( '' !== $references ) {
				$order->set_transaction_id( $references );
			}
			foreach ( $stamp['meta'] + $meta as $meta_key => $meta_value ) {
				$order->update_meta_data( $meta_key, $meta_value );
			}
			$order->calculate_totals( true );
			// Paid: WooCommerce records the payment and reduces the stock (wc_maybe_reduce_stock_levels).
			$order->payment_complete( $references );
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
		$response = self::answer( Cloud_POS_Register_After_Sale::sale_view( wc_get_order( $order->get_id() ), $station ) );
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
	public static function woocommerce_missing(): ?WP_Error {
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
	public static function answer( $data ): WP_REST_Response {
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
		return self::item_view( $product )
			+ array( 'category' => $first instanceof WP_Term ? html_entity_decode( $first->name, ENT_QUOTES, 'UTF-8' ) : '' )
			+ Cloud_POS_Register_Cart::variable_view( $product );
	}

	/**
	 * What the register shows of an item it sells (a product or a variation): its price as the
	 * store shows it (wc_get_price_to_display: with or without tax by its settings), its codes,
	 * its stock and its backorder setting.
	 *
	 * @param WC_Product $product The product or variation.
	 * @return array<string, mixed>
	 */
	public static function item_view( $product ): array {
		$gtin = method_exists( $product, 'get_global_unique_id' ) ? (string) $product->get_global_unique_id() : '';
		// A variable product's price is its lowest variation's, as its shop page starts from.
		$price = $product->is_type( 'variable' ) ? (float) $product->get_variation_price( 'min', true ) : (float) wc_get_price_to_display( $product );
		return array(
			'id'             => $product->get_id(),
			'name'           => html_entity_decode( $product->get_name(), ENT_QUOTES, 'UTF-8' ),
			'sku'            => (string) $product->get_sku(),
			'barcode'        => $gtin,
			'price'          => wc_format_decimal( $price, wc_get_price_decimals() ),
			'manage_stock'   => $product->managing_stock(),
			'stock_quantity' => $product->managing_stock() ? (int) $product->get_stock_quantity() : null,
			'stock_status'   => (string) $product->get_stock_status(),
			'backorders'     => (string) $product->get_backorders(),
		);
	}

	/**
	 * The posted cart: its lines (cart_lines), its coupon codes and its cart discount; a
	 * discount the store user may not give is refused.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array{lines: list<array{product: WC_Product, quantity: int, discount: array<string, mixed>|null}>, coupons: list<string>, discount: array<string, mixed>|null}|WP_Error
	 */
	private static function cart_request( WP_REST_Request $request ) {
		$lines = self::cart_lines( $request->get_param( 'lines' ) );
		if ( is_wp_error( $lines ) ) {
			return $lines;
		}
		$coupons = Cloud_POS_Rules::register_coupons( $request->get_param( 'coupons' ) );
		if ( is_wp_error( $coupons ) ) {
			return $coupons;
		}
		$discount = null;
		if ( null !== $request->get_param( 'discount' ) ) {
			$discount = Cloud_POS_Rules::register_discount( $request->get_param( 'discount' ), 'discount' );
			if ( is_string( $discount ) ) {
				return Cloud_POS_Rules::invalid_param( 'discount', $discount );
			}
		}
		$cart    = array(
			'lines'    => $lines,
			'coupons'  => $coupons,
			'discount' => $discount,
		);
		$refusal = Cloud_POS_Register_Cart::discount_refusal( $cart );
		return null === $refusal ? $cart : $refusal;
	}

	/**
	 * The posted lines (`[{product_id, variation_id?, quantity, discount?}]`) as the items they
	 * sell; the same item twice is one line unless a discount sets one apart.
	 *
	 * @param mixed $raw The `lines` parameter.
	 * @return list<array{product: WC_Product, quantity: int, discount: array<string, mixed>|null}>|WP_Error
	 */
	public static function cart_lines( $raw ) {
		if ( ! is_array( $raw ) || array() === $raw ) {
			return Cloud_POS_Rules::invalid_param( 'lines', __( 'lines must list at least one item.', 'cloud-pos' ) );
		}
		if ( count( $raw ) > self::MAX_LINES ) {
			/* translators: %d: the most lines */
			return Cloud_POS_Rules::invalid_param( 'lines', sprintf( __( 'lines must list at most %d items.', 'cloud-pos' ), self::MAX_LINES ) );
		}
		$lines = array();
		foreach ( $raw as $item ) {
			$item     = is_array( $item ) ? $item : array();
			$id       = isset( $item['product_id'] ) && is_int( $item['product_id'] ) ? $item['product_id'] : 0;
			$quantity = isset( $item['quantity'] ) && is_int( $item['quantity'] ) ? $item['quantity'] : 0;
			$product  = Cloud_POS_Register_Cart::sold_item( $id, $item['variation_id'] ?? null );
			if ( is_string( $product ) ) {
				return Cloud_POS_Rules::invalid_param( 'lines', $product );
			}
			if ( $quantity < 1 ) {
				return Cloud_POS_Rules::invalid_param( 'lines', __( 'lines[].quantity must be a whole number of at least 1.', 'cloud-pos' ) );
			}
			if ( $quantity > self::MAX_QUANTITY ) {
				/* translators: %d: the most units */
				return Cloud_POS_Rules::invalid_param( 'lines', sprintf( __( 'lines[].quantity must be at most %d.', 'cloud-pos' ), self::MAX_QUANTITY ) );
			}
			$discount = null;
			if ( isset( $item['discount'] ) ) {
				$discount = Cloud_POS_Rules::register_discount( $item['discount'], 'lines[].discount' );
				if ( is_string( $discount ) ) {
					return Cloud_POS_Rules::invalid_param( 'lines', $discount );
				}
			}
			$key = null === $discount ? 'item:' . $product->get_id() : 'line:' . count( $lines );
			if ( isset( $lines[ $key ] ) ) {
				$lines[ $key ]['quantity'] += $quantity;
			} else {
				$lines[ $key ] = array(
					'product'  => $product,
					'quantity' => $quantity,
					'discount' => $discount,
				);
			}
		}
		return array_values( $lines );
	}

	/**
	 * An order of the cart that is never saved, with WooCommerce's totals (calculate_totals
	 * saves the order it computes: this one's save keeps nothing), its coupons applied by
	 * WooCommerce and the cashier's discounts as fees; a coupon WooCommerce refuses is the
	 * refusal.
	 *
	 * @param array{lines: list<array{product: WC_Product, quantity: int}>, coupons: list<string>, discount: array<string, mixed>|null} $cart The cart.
	 * @return WC_Order|WP_Error
	 */
	private static function unsaved_order( array $cart ) {
		$order = new class() extends WC_Order {
			/**
			 * Keeps nothing: the order only computes totals.
			 *
			 * @return int
			 */
			public function save() {
				return 0;
			}

			/**
			 * The coupons applied as WooCommerce's recalculate_coupons applies them, all in one
			 * WC_Discounts, each checked by it first (as apply_coupon checks it), and a guest's
			 * usage limit: apply_coupon itself records the usage through the orders data store,
			 * which loads the order by its id, and this one has none.
			 *
			 * @param list<string> $codes The coupon codes.
			 * @return true|WP_Error
			 */
			public function preview_coupons( array $codes ) {
				if ( array() === $codes ) {
					return true;
				}
				$discounts = new WC_Discounts( $this );
				foreach ( $codes as $code ) {
					$code   = wc_format_coupon_code( $code );
					$coupon = new WC_Coupon( $code );
					if ( ! wc_is_same_coupon( $coupon->get_code(), $code ) ) {
						return new WP_Error( 'invalid_coupon', __( 'Invalid coupon code', 'woocommerce' ) );
					}
					$valid = $discounts->apply_coupon( $coupon );
					if ( is_wp_error( $valid ) ) {
						return $valid;
					}
					$data_store = $coupon->get_data_store();
					if ( $data_store && 0 < $coupon->get_usage_limit_per_user() && $data_store->get_usage_by_email( $coupon, $this->get_billing_email() ) >= $coupon->get_usage_limit_per_user() ) {
						return new WP_Error( 'invalid_coupon', $coupon->get_coupon_error( WC_Coupon::E_WC_COUPON_USAGE_LIMIT_REACHED ) );
					}
				}
				$this->set_coupon_discount_amounts( $discounts );
				$this->set_item_discount_amounts( $discounts );
				$this->calculate_totals( true );
				return true;
			}
		};
		$order->set_prices_include_tax( wc_prices_include_tax() );
		foreach ( $cart['lines'] as $line ) {
			$order->add_product( $line['product'], $line['quantity'] );
		}
		$adjusted = Cloud_POS_Register_Cart::adjust( $order, $cart );
		if ( is_wp_error( $adjusted ) ) {
			return $adjusted;
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
	public static function totals_view( $order ): array {
		$decimals = wc_get_price_decimals();
		$lines    = array();
		foreach ( $order->get_items() as $item ) {
			$quantity = (int) $item->get_quantity();
			$lines[]  = array(
				'product_id'   => (int) $item->get_product_id(),
				'variation_id' => (int) $item->get_variation_id(),
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
		) + Cloud_POS_Register_Cart::adjustments_view( $order );
	}
}

<?php
/**
 * The register's customers, parked sales and emailed receipts:
 * pos-connect/v1/register/{pos_id}/customers, parked, orders/{id}/email, exactly as the
 * sandbox store answers them.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Customers are WordPress users with WooCommerce's customer role, found with WP_User_Query and
 * created with wc_create_new_customer, under WooCommerce's own capabilities (list_users,
 * create_customers, as its REST customers routes check). A parked sale is a row of the
 * station's post meta, not an order: a pending order would reach the dashboard as an order
 * (WooCommerce delivers order webhooks for every status but drafts), count in its figures and
 * in the plan's order usage, and take an order number; WooCommerce's checkout drafts are
 * deleted by its daily clean-up. One meta row a parked sale is added and deleted atomically,
 * so a parked sale is resumed once. Receipts are WooCommerce's customer invoice.
 */
final class Cloud_POS_Register_Sales {

	/** The station's post meta key of its parked sales (one row each). */
	public const META_PARKED = '_cloud_pos_parked_sale';

	/** Most sales one station keeps parked. */
	private const MAX_PARKED = 50;

	/** Customers per page unless asked. */
	private const CUSTOMERS_PER_PAGE = 10;

	/** Adds the routes. */
	public static function register_routes(): void {
		$base  = '/register/(?P<pos_id>[0-9]{1,10})';
		$read  = array( Cloud_POS_Register_API::class, 'can_read' );
		$write = array( Cloud_POS_Register_API::class, 'can_write' );
		$ns    = Cloud_POS_Register_API::NAMESPACE;
		register_rest_route(
			$ns,
			$base . '/customers',
			array(
				array(
					'methods'             => 'GET',
					'callback'            => array( self::class, 'customers' ),
					'permission_callback' => array( self::class, 'can_list_customers' ),
				),
				array(
					'methods'             => 'POST',
					'callback'            => array( self::class, 'create_customer' ),
					'permission_callback' => array( self::class, 'can_create_customers' ),
				),
			)
		);
		register_rest_route(
			$ns,
			$base . '/parked',
			array(
				array(
					'methods'             => 'GET',
					'callback'            => array( self::class, 'parked' ),
					'permission_callback' => $read,
				),
				array(
					'methods'             => 'POST',
					'callback'            => array( self::class, 'park' ),
					'permission_callback' => $write,
				),
			)
		);
		register_rest_route(
			$ns,
			$base . '/parked/(?P<parked_id>[0-9]{1,19})',
			array(
				'methods'             => 'DELETE',
				'callback'            => array( self::class, 'take_parked' ),
				'permission_callback' => $write,
			)
		);
		register_rest_route(
			$ns,
			$base . '/orders/(?P<order_id>[0-9]{1,19})/email',
			array(
				'methods'             => 'POST',
				'callback'            => array( self::class, 'email_receipt' ),
				'permission_callback' => $write,
			)
		);
	}

	/**
	 * The permission of the customer search: the register's own, and WooCommerce's `list_users`
	 * (its REST customers read check).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public static function can_list_customers( WP_REST_Request $request ) {
		$allowed = Cloud_POS_Register_API::can_read( $request );
		if ( true !== $allowed ) {
			return $allowed;
		}
		if ( ! current_user_can( 'list_users' ) ) {
			return new WP_Error( 'woocommerce_rest_cannot_view', __( 'Sorry, you cannot list resources.', 'cloud-pos' ), array( 'status' => 403 ) );
		}
		return true;
	}

	/**
	 * The permission of a new customer: the register's own, and WooCommerce's
	 * `create_customers` (its REST customers create check).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public static function can_create_customers( WP_REST_Request $request ) {
		$allowed = Cloud_POS_Register_API::can_read( $request );
		if ( true !== $allowed ) {
			return $allowed;
		}
		if ( ! current_user_can( 'create_customers' ) ) {
			return new WP_Error( 'woocommerce_rest_cannot_create', __( 'Sorry, you are not allowed to create resources.', 'cloud-pos' ), array( 'status' => 403 ) );
		}
		return true;
	}

	/**
	 * What the session tells the register beside the station: what the store user may do with
	 * customers, and the station's receipt settings.
	 *
	 * @param int $pos_id The station.
	 * @return array<string, mixed>
	 */
	public static function session_extras( int $pos_id ): array {
		$settings = Cloud_POS_Stations::settings( $pos_id ) + Cloud_POS_Stations::DEFAULT_SETTINGS;
		return array(
			'may_find_customers'   => current_user_can( 'list_users' ),
			'may_create_customers' => current_user_can( 'create_customers' ),
			'receipt'              => array(
				'header' => (string) $settings['receipt_header'],
				'footer' => (string) $settings['receipt_footer'],
				'print'  => (bool) $settings['print_receipt'],
			),
		);
	}

	/**
	 * The customer and note a sale or a parked sale names (`customer_id`, `note`), or the error
	 * naming the parameter. The customer must be a user with the customer role.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array{customer: WC_Customer|null, note: string}|WP_Error
	 */
	public static function sale_details( WP_REST_Request $request ) {
		$id = Cloud_POS_Rules::register_customer_id( $request->get_param( 'customer_id' ) );
		if ( is_wp_error( $id ) ) {
			return $id;
		}
		$customer = null;
		if ( $id > 0 ) {
			$customer = self::customer( $id );
			if ( null === $customer ) {
				return Cloud_POS_Rules::invalid_customer();
			}
		}
		$note = Cloud_POS_Rules::register_note( $request->get_param( 'note' ) );
		if ( is_wp_error( $note ) ) {
			return $note;
		}
		return array(
			'customer' => $customer,
			'note'     => $note,
		);
	}

	/**
	 * Gives a new order its customer (billing name and email) and note.
	 *
	 * @param WC_Order                                      $order   The order being made.
	 * @param array{customer: WC_Customer|null, note: string} $details From sale_details().
	 */
	public static function apply_details( $order, array $details ): void {
		$customer = $details['customer'];
		if ( null !== $customer ) {
			$view = self::customer_view( $customer );
			$order->set_customer_id( $customer->get_id() );
			$order->set_billing_first_name( $view['first_name'] );
			$order->set_billing_last_name( $view['last_name'] );
			$order->set_billing_email( $view['email'] );
		}
		if ( '' !== $details['note'] ) {
			$order->set_customer_note( $details['note'] );
		}
	}

	/**
	 * A sale's customer and note, as the receipt shows them.
	 *
	 * @param WC_Order $order The order.
	 * @return array{customer: array<string, mixed>|null, note: string}
	 */
	public static function details_view( $order ): array {
		$id = (int) $order->get_customer_id();
		return array(
			'customer' => $id > 0 ? array(
				'id'         => $id,
				'first_name' => (string) $order->get_billing_first_name(),
				'last_name'  => (string) $order->get_billing_last_name(),
				'email'      => (string) $order->get_billing_email(),
			) : null,
			'note'     => (string) $order->get_customer_note(),
		);
	}

	/**
	 * GET register/{pos_id}/customers: the store's customers whose name, login or email holds
	 * `search`, by page (`page`, `per_page`, X-WP-Total, X-WP-TotalPages), by name.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function customers( WP_REST_Request $request ) {
		foreach ( array( 'page', 'per_page' ) as $name ) {
			$problem = 'page' === $name ? Cloud_POS_Rules::page_problem( $request[ $name ] ) : Cloud_POS_Rules::per_page_problem( $request[ $name ] );
			if ( null !== $problem ) {
				return Cloud_POS_Rules::invalid_param( $name, $problem );
			}
		}
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$page     = Cloud_POS_Rules::positive_int( $request['page'], 1 ) ?? 1;
		$per_page = Cloud_POS_Rules::positive_int( $request['per_page'], self::CUSTOMERS_PER_PAGE ) ?? self::CUSTOMERS_PER_PAGE;
		$search   = is_string( $request['search'] ) ? trim( sanitize_text_field( $request['search'] ) ) : '';
		$args     = array(
			'role__in'    => array( 'customer' ),
			'number'      => $per_page,
			'paged'       => $page,
			'count_total' => true,
			'orderby'     => 'display_name',
			'order'       => 'ASC',
		);
		if ( '' !== $search ) {
			$args['search']         = '*' . $search . '*';
			$args['search_columns'] = array( 'user_login', 'user_email', 'display_name' );
		}
		$query = new WP_User_Query( $args );
		$list  = array();
		foreach ( $query->get_results() as $user ) {
			$list[] = self::customer_view( new WC_Customer( $user->ID ) );
		}
		$total    = (int) $query->get_total();
		$response = self::answer( $list );
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) (int) ceil( $total / $per_page ) );
		return $response;
	}

	/**
	 * POST register/{pos_id}/customers: a new customer by name and email, made by
	 * wc_create_new_customer (its own refusals, e.g. an email already registered), in one
	 * transaction with its billing name and email.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function create_customer( WP_REST_Request $request ) {
		$input = Cloud_POS_Rules::register_new_customer( $request->get_json_params() );
		if ( is_wp_error( $input ) ) {
			return $input;
		}
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$name = trim( $input['first_name'] . ' ' . $input['last_name'] );
		// WooCommerce mails a link to set the password when it generates one; else the customer
		// gets a password nobody knows and may reset it.
		$password = 'yes' === get_option( 'woocommerce_registration_generate_password' ) ? '' : wp_generate_password( 24 );

		global $wpdb;
		$wpdb->query( 'START TRANSACTION' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the customer and its billing are one write.
		$id = wc_create_new_customer(
			$input['email'],
			'',
			$password,
			array(
				'first_name'   => $input['first_name'],
				'last_name'    => $input['last_name'],
				'display_name' => $name,
			)
		);
		if ( is_wp_error( $id ) ) {
			$wpdb->query( 'ROLLBACK' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			return new WP_Error(
				$id->get_error_code(),
				html_entity_decode( wp_strip_all_tags( $id->get_error_message() ), ENT_QUOTES, 'UTF-8' ),
				array( 'status' => 400 )
			);
		}
		try {
			$customer = new WC_Customer( (int) $id );
			$customer->set_billing_first_name( $input['first_name'] );
			$customer->set_billing_last_name( $input['last_name'] );
			$customer->set_billing_email( $input['email'] );
			$customer->save();
			$wpdb->query( 'COMMIT' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		} catch ( Throwable $error ) {
			$wpdb->query( 'ROLLBACK' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			return new WP_Error( 'cloud_pos_register_customer_failed', __( 'The store could not add the customer. Try again.', 'cloud-pos' ), array( 'status' => 500 ) );
		}
		$response = self::answer( self::customer_view( new WC_Customer( (int) $id ) ) );
		$response->set_status( 201 );
		return $response;
	}

	/**
	 * GET register/{pos_id}/parked: the sales parked at the station, oldest first.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function parked( WP_REST_Request $request ) {
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		global $wpdb;
		// The meta ids name the parked sales, and get_post_meta() does not give them.
		$rows = $wpdb->get_results( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare(
				"SELECT meta_id, meta_value FROM {$wpdb->postmeta} WHERE post_id = %d AND meta_key = %s ORDER BY meta_id",
				absint( $request['pos_id'] ),
				self::META_PARKED
			)
		);
		$list = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$value = maybe_unserialize( $row->meta_value );
			if ( is_array( $value ) ) {
				$list[] = self::parked_view( (int) $row->meta_id, $value );
			}
		}
		return self::answer( $list );
	}

	/**
	 * POST register/{pos_id}/parked: parks a cart (`lines`) with its customer and note at the
	 * station, as one meta row of the station.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function park( WP_REST_Request $request ) {
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$lines = Cloud_POS_Register_API::cart_lines( $request->get_param( 'lines' ) );
		if ( is_wp_error( $lines ) ) {
			return $lines;
		}
		$details = self::sale_details( $request );
		if ( is_wp_error( $details ) ) {
			return $details;
		}
		$pos_id = absint( $request['pos_id'] );
		if ( count( get_post_meta( $pos_id, self::META_PARKED ) ) >= self::MAX_PARKED ) {
			/* translators: %d: the most parked sales */
			return new WP_Error( 'cloud_pos_register_parked_full', sprintf( __( 'This station already holds %d parked sales. Resume or discard one first.', 'cloud-pos' ), self::MAX_PARKED ), array( 'status' => 409 ) );
		}
		$value = array(
			'lines'       => array_map(
				static function ( array $line ): array {
					// A variation is parked as its product and variation, as the register sends it.
					$product = $line['product'];
					$parent  = $product->get_parent_id();
					return array(
						'product_id'   => $parent > 0 ? $parent : $product->get_id(),
						'variation_id' => $parent > 0 ? $product->get_id() : null,
						'quantity'     => $line['quantity'],
					);
				},
				$lines
			),
			'customer_id' => null === $details['customer'] ? 0 : $details['customer']->get_id(),
			'note'        => $details['note'],
			'cashier'     => (string) wp_get_current_user()->display_name,
			'parked_gmt'  => gmdate( 'Y-m-d\TH:i:s' ),
		);
		$id = add_post_meta( $pos_id, self::META_PARKED, $value );
		if ( false === $id ) {
			return new WP_Error( 'cloud_pos_register_park_failed', __( 'The store could not park the sale. Try again.', 'cloud-pos' ), array( 'status' => 500 ) );
		}
		$response = self::answer( self::parked_view( (int) $id, $value ) );
		$response->set_status( 201 );
		return $response;
	}

	/**
	 * DELETE register/{pos_id}/parked/{parked_id}: takes a parked sale off the station (to
	 * resume or discard it) and gives it back; of two registers taking it, one gets it.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function take_parked( WP_REST_Request $request ) {
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$id   = absint( $request['parked_id'] );
		$meta = $id > 0 ? get_metadata_by_mid( 'post', $id ) : false;
		$gone = new WP_Error( 'cloud_pos_register_parked_missing', __( 'This parked sale was already resumed or discarded.', 'cloud-pos' ), array( 'status' => 404 ) );
		if ( ! is_object( $meta ) || self::META_PARKED !== $meta->meta_key || absint( $request['pos_id'] ) !== (int) $meta->post_id ) {
			return $gone;
		}
		// Deletes nothing when another register took it meanwhile.
		if ( ! delete_metadata_by_mid( 'post', $id ) || ! is_array( $meta->meta_value ) ) {
			return $gone;
		}
		return self::answer( self::parked_view( $id, $meta->meta_value ) );
	}

	/**
	 * POST register/{pos_id}/orders/{order_id}/email: WooCommerce's customer invoice of one of
	 * the station's sales, to `email` or else the order's billing email.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function email_receipt( WP_REST_Request $request ) {
		$missing = self::woocommerce_missing();
		if ( null !== $missing ) {
			return $missing;
		}
		$order = wc_get_order( absint( $request['order_id'] ) );
		// Only this station's register sales: a register may not mail the store's other orders.
		if ( ! $order instanceof WC_Order || 'cloud-pos' !== $order->get_created_via() || (string) absint( $request['pos_id'] ) !== (string) $order->get_meta( 'cloud_pos_station_id', true ) ) {
			return new WP_Error( 'woocommerce_rest_shop_order_invalid_id', __( 'Invalid ID.', 'cloud-pos' ), array( 'status' => 404 ) );
		}
		$given = $request->get_param( 'email' );
		if ( null !== $given && ( ! is_string( $given ) || ! is_email( trim( $given ) ) ) ) {
			return Cloud_POS_Rules::invalid_param( 'email', __( 'Please provide a valid email address.', 'cloud-pos' ) );
		}
		$to = null === $given ? (string) $order->get_billing_email() : trim( $given );
		if ( '' === $to ) {
			return new WP_Error( 'cloud_pos_register_no_email', __( "The order has no email address: enter the customer's email.", 'cloud-pos' ), array( 'status' => 400 ) );
		}
		$emails  = WC()->mailer()->get_emails();
		$invoice = $emails['WC_Email_Customer_Invoice'] ?? null;
		if ( ! $invoice instanceof WC_Email ) {
			return new WP_Error( 'cloud_pos_register_mail_failed', __( 'The store could not send the email. Try again.', 'cloud-pos' ), array( 'status' => 502 ) );
		}
		$failed    = false;
		$recipient = static function () use ( $to ): string {
			return $to;
		};
		$on_fail   = static function () use ( &$failed ): void {
			$failed = true;
		};
		// The invoice goes to the address asked for, without changing the order's billing email.
		add_filter( 'woocommerce_email_recipient_customer_invoice', $recipient, 99 );
		add_action( 'wp_mail_failed', $on_fail );
		try {
			$invoice->trigger( $order->get_id(), $order );
		} finally {
			remove_filter( 'woocommerce_email_recipient_customer_invoice', $recipient, 99 );
			remove_action( 'wp_mail_failed', $on_fail );
		}
		if ( $failed ) {
			return new WP_Error( 'cloud_pos_register_mail_failed', __( 'The store could not send the email. Try again.', 'cloud-pos' ), array( 'status' => 502 ) );
		}
		/* translators: %s: email address */
		$order->add_order_note( sprintf( __( 'Receipt emailed to %s from the Cloud POS register.', 'cloud-pos' ), $to ) );
		return self::answer( array( 'sent_to' => $to ) );
	}

	/**
	 * The customer with this user id, if the user has WooCommerce's customer role.
	 *
	 * @param int $id The user id.
	 * @return WC_Customer|null
	 */
	private static function customer( int $id ) {
		$user = get_userdata( $id );
		if ( ! $user instanceof WP_User || ! in_array( 'customer', (array) $user->roles, true ) ) {
			return null;
		}
		return new WC_Customer( $id );
	}

	/**
	 * A customer as the register shows it: their names (billing names first, else the
	 * account's, else the display name) and email.
	 *
	 * @param WC_Customer $customer The customer.
	 * @return array{id: int, first_name: string, last_name: string, email: string}
	 */
	private static function customer_view( $customer ): array {
		$first = (string) ( $customer->get_billing_first_name() ? $customer->get_billing_first_name() : $customer->get_first_name() );
		$last  = (string) ( $customer->get_billing_last_name() ? $customer->get_billing_last_name() : $customer->get_last_name() );
		if ( '' === $first && '' === $last ) {
			$parts = explode( ' ', trim( (string) $customer->get_display_name() ), 2 );
			$first = $parts[0];
			$last  = $parts[1] ?? '';
		}
		return array(
			'id'         => $customer->get_id(),
			'first_name' => html_entity_decode( $first, ENT_QUOTES, 'UTF-8' ),
			'last_name'  => html_entity_decode( $last, ENT_QUOTES, 'UTF-8' ),
			'email'      => (string) $customer->get_email(),
		);
	}

	/**
	 * A parked sale as the register lists it.
	 *
	 * @param int                  $id    Its meta id.
	 * @param array<string, mixed> $value Its meta value.
	 * @return array<string, mixed>
	 */
	private static function parked_view( int $id, array $value ): array {
		$lines = array();
		foreach ( is_array( $value['lines'] ?? null ) ? $value['lines'] : array() as $line ) {
			$variation = (int) ( $line['variation_id'] ?? 0 );
			$product   = wc_get_product( $variation > 0 ? $variation : (int) ( $line['product_id'] ?? 0 ) );
			$lines[]   = array(
				'product_id'   => (int) ( $line['product_id'] ?? 0 ),
				'variation_id' => $variation > 0 ? $variation : null,
				'quantity'     => (int) ( $line['quantity'] ?? 0 ),
				'name'         => $product instanceof WC_Product ? html_entity_decode( $product->get_name(), ENT_QUOTES, 'UTF-8' ) : '',
			);
		}
		$customer = (int) ( $value['customer_id'] ?? 0 ) > 0 ? self::customer( (int) $value['customer_id'] ) : null;
		return array(
			'id'            => $id,
			'parked_at_gmt' => (string) ( $value['parked_gmt'] ?? '' ),
			'cashier'       => (string) ( $value['cashier'] ?? '' ),
			'lines'         => $lines,
			'customer'      => null === $customer ? null : self::customer_view( $customer ),
			'note'          => (string) ( $value['note'] ?? '' ),
		);
	}

	/**
	 * The refusal when WooCommerce is not active.
	 *
	 * @return WP_Error|null
	 */
	private static function woocommerce_missing(): ?WP_Error {
		if ( function_exists( 'wc_create_new_customer' ) && function_exists( 'wc_get_order' ) ) {
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
}

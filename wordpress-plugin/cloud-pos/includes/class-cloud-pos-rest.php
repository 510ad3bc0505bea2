<?php
/**
 * The pos-connect/v1 routes the cloud POS api calls, exactly as the sandbox store speaks them.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Routes, their permission callback and WooCommerce's key authentication for them.
 */
final class Cloud_POS_REST {

	/**
	 * The WooCommerce REST key this request was authenticated with, as WooCommerce named it
	 * after its own key checks; null when no key authenticated it.
	 *
	 * @var int|null
	 */
	private static ?int $authenticated_key_id = null;

	/**
	 * Notes which key WooCommerce authenticated the request with. WooCommerce (7.7+) asks this
	 * filter, with the key's id, once the key passed its read/write check and just before it
	 * records the key's last access; the answer is passed through unchanged.
	 *
	 * @param mixed $disable Whether to skip the access log (WooCommerce's default or another filter's).
	 * @param mixed $key_id  The key's id in woocommerce_api_keys.
	 * @return mixed
	 */
	public static function note_authenticated_key( $disable, $key_id = null ) {
		self::$authenticated_key_id = is_numeric( $key_id ) && (int) $key_id > 0 ? (int) $key_id : null;
		return $disable;
	}

	/**
	 * Lets WooCommerce authenticate consumer keys (Basic auth over https, OAuth 1.0a over http)
	 * for the pos-connect namespace as it does for wc/v3, including its read/write check.
	 *
	 * @param mixed $is_request_to_rest_api WooCommerce's own answer.
	 * @return mixed
	 */
	public static function is_request_to_rest_api( $is_request_to_rest_api ) {
		$uri = isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '';
		return Cloud_POS_Rules::is_pos_connect_request( $uri, rest_get_url_prefix() ) ? true : $is_request_to_rest_api;
	}

	/**
	 * Every route's permission callback: the user behind the consumer key (or any other REST
	 * authentication) must be able to manage WooCommerce. The refusal is WooCommerce's own.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public static function permission( WP_REST_Request $request ) {
		if ( current_user_can( 'manage_woocommerce' ) ) {
			return true;
		}
		// 401 for an anonymous request, 403 for a user who may not manage the store.
		$status = array( 'status' => rest_authorization_required_code() );
		switch ( $request->get_method() ) {
			case 'GET':
			case 'HEAD':
				return new WP_Error( 'woocommerce_rest_cannot_view', __( 'Sorry, you cannot list resources.', 'cloud-pos' ), $status );
			case 'DELETE':
				return new WP_Error( 'woocommerce_rest_cannot_delete', __( 'Sorry, you are not allowed to delete this resource.', 'cloud-pos' ), $status );
			default:
				return new WP_Error( 'woocommerce_rest_cannot_create', __( 'Sorry, you are not allowed to create resources.', 'cloud-pos' ), $status );
		}
	}

	/**
	 * The permission callback of the staff routes (`POST users`, `PUT users/{id}`,
	 * `DELETE users/{id}/pos-access`): permission(), then what WordPress's users controller
	 * wants, `create_users` to create a user and `promote_users` to change one's roles, so a
	 * shop manager's key (manage_woocommerce, but neither of those) cannot create or promote
	 * administrators. Which roles may be given and which users changed is checked per request
	 * (role_refusal(), requested_user()).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public static function staff_permission( WP_REST_Request $request ) {
		$allowed = self::permission( $request );
		if ( true !== $allowed ) {
			return $allowed;
		}
		$method  = $request->get_method();
		$problem = Cloud_POS_Rules::staff_capability_problem( $method, current_user_can( Cloud_POS_Rules::staff_capability( $method ) ) );
		return null === $problem ? true : $problem;
	}

	/** Registers the routes. */
	public static function register_routes(): void {
		$ns         = Cloud_POS_Rules::REST_NAMESPACE;
		$permission = array( self::class, 'permission' );
		$staff      = array( self::class, 'staff_permission' );
		$id_arg     = array(
			'id' => array(
				'description'       => __( 'Identifier.', 'cloud-pos' ),
				'sanitize_callback' => 'sanitize_text_field',
			),
		);

		register_rest_route(
			$ns,
			'/connection',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( self::class, 'connection' ),
					'permission_callback' => $permission,
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( self::class, 'revoke' ),
					'permission_callback' => $permission,
				),
			)
		);
		register_rest_route(
			$ns,
			'/users',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( self::class, 'users' ),
					'permission_callback' => $permission,
					'args'                => array(
						'page'     => array(
							'description'       => __( 'Page of the list, from 1.', 'cloud-pos' ),
							'validate_callback' => array( self::class, 'validate_page' ),
							'sanitize_callback' => array( self::class, 'sanitize_page' ),
						),
						'per_page' => array(
							'description'       => __( 'Users per page, 1 to 100.', 'cloud-pos' ),
							'validate_callback' => array( self::class, 'validate_per_page' ),
							'sanitize_callback' => array( self::class, 'sanitize_per_page' ),
						),
					),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( self::class, 'create_user' ),
					'permission_callback' => $staff,
				),
			)
		);
		// Any id segment reaches the callback, which answers rest_user_invalid_id like the sandbox.
		register_rest_route(
			$ns,
			'/users/(?P<id>[^/]+)',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( self::class, 'user' ),
					'permission_callback' => $permission,
					'args'                => $id_arg,
				),
				array(
					'methods'             => 'PUT',
					'callback'            => array( self::class, 'update_user_role' ),
					'permission_callback' => $staff,
					'args'                => $id_arg,
				),
			)
		);
		register_rest_route(
			$ns,
			'/users/(?P<id>[^/]+)/pos-access',
			array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => array( self::class, 'remove_pos_access' ),
				'permission_callback' => $staff,
				'args'                => $id_arg,
			)
		);
		register_rest_route(
			$ns,
			'/stations',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( self::class, 'stations' ),
				'permission_callback' => $permission,
			)
		);
		register_rest_route(
			$ns,
			'/stations/(?P<id>[^/]+)',
			array(
				'methods'             => 'PUT',
				'callback'            => array( self::class, 'update_station' ),
				'permission_callback' => $permission,
				'args'                => $id_arg,
			)
		);
		register_rest_route(
			$ns,
			'/invitations',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( self::class, 'invite' ),
				'permission_callback' => $permission,
			)
		);
	}

	/**
	 * Checks `page`.
	 *
	 * @param mixed $value The parameter.
	 * @return true|WP_Error
	 */
	public static function validate_page( $value ) {
		$problem = Cloud_POS_Rules::page_problem( $value );
		return null === $problem ? true : new WP_Error( 'rest_invalid_param', $problem );
	}

	/**
	 * Checks `per_page`.
	 *
	 * @param mixed $value The parameter.
	 * @return true|WP_Error
	 */
	public static function validate_per_page( $value ) {
		$problem = Cloud_POS_Rules::per_page_problem( $value );
		return null === $problem ? true : new WP_Error( 'rest_invalid_param', $problem );
	}

	/**
	 * `page` as an integer (already validated).
	 *
	 * @param mixed $value The parameter.
	 */
	public static function sanitize_page( $value ): int {
		return (int) Cloud_POS_Rules::positive_int( $value, 1 );
	}

	/**
	 * `per_page` as an integer (already validated).
	 *
	 * @param mixed $value The parameter.
	 */
	public static function sanitize_per_page( $value ): int {
		return (int) Cloud_POS_Rules::positive_int( $value, Cloud_POS_Rules::DEFAULT_PER_PAGE );
	}

	/** `GET connection`: the site and the key's owner. */
	public static function connection(): WP_REST_Response {
		$user = wp_get_current_user();
		return new WP_REST_Response(
			array(
				'home_url'                    => home_url(),
				'site_name'                   => html_entity_decode( get_bloginfo( 'name' ), ENT_QUOTES, 'UTF-8' ),
				'key_permissions'             => self::key_permissions( $user->ID ),
				'user'                        => $user->exists() ? Cloud_POS_Stations::public_user( $user ) : null,
				/**
				 * Whether the store's multiple-user (staff) add-on is active.
				 *
				 * @param bool $active False unless the add-on says so.
				 */
				'multiple_user_plugin_active' => (bool) apply_filters( 'cloud_pos_multiple_user_plugin_active', false ),
			),
			200
		);
	}

	/**
	 * `DELETE connection`: the dashboard disconnects, so the key it was given is revoked the
	 * way WooCommerce's own Revoke does (its row in woocommerce_api_keys deleted). Without
	 * WooCommerce the request came with an application password, and that is revoked instead.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public static function revoke() {
		global $wpdb;
		$user_id    = get_current_user_id();
		$uuid       = function_exists( 'rest_get_authenticated_app_password' ) ? rest_get_authenticated_app_password() : null;
		$credential = Cloud_POS_Rules::credential_to_revoke( self::$authenticated_key_id, is_string( $uuid ) ? $uuid : null );
		if ( is_wp_error( $credential ) ) {
			return $credential;
		}
		if ( 'woocommerce_key' === $credential['type'] ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- WooCommerce's own key table, deleted from as WC_Admin_API_Keys::remove_key does.
			$deleted = $wpdb->delete(
				$wpdb->prefix . 'woocommerce_api_keys',
				array(
					'key_id'  => $credential['id'],
					'user_id' => $user_id,
				),
				array( '%d', '%d' )
			);
			// 0 rows: another request revoked it a moment ago, which is what was asked.
			if ( false === $deleted ) {
				return self::revoke_failed();
			}
		} else {
			$deleted = WP_Application_Passwords::delete_application_password( $user_id, (string) $credential['id'] );
			if ( is_wp_error( $deleted ) && 'application_password_not_found' !== $deleted->get_error_code() ) {
				return self::revoke_failed();
			}
		}
		self::$authenticated_key_id = null;
		return new WP_REST_Response( array( 'revoked' => true ), 200 );
	}

	/**
	 * `GET users`: the POS users in id order, paged, with X-WP-Total and X-WP-TotalPages.
	 *
	 * @param WP_REST_Request $request The request.
	 */
	public static function users( WP_REST_Request $request ): WP_REST_Response {
		$page     = Cloud_POS_Rules::positive_int( $request->get_param( 'page' ), 1 );
		$per_page = Cloud_POS_Rules::positive_int( $request->get_param( 'per_page' ), Cloud_POS_Rules::DEFAULT_PER_PAGE );
		$query    = new WP_User_Query(
			array(
				'role__in'    => Cloud_POS_Rules::POS_ROLES,
				'orderby'     => 'ID',
				'order'       => 'ASC',
				'number'      => $per_page,
				'paged'       => $page,
				'count_total' => true,
			)
		);
		$total    = (int) $query->get_total();
		$paging   = Cloud_POS_Rules::paging( $total, $page, $per_page );
		$response = new WP_REST_Response( array_map( array( Cloud_POS_Stations::class, 'public_user' ), $query->get_results() ), 200 );
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) $paging['total_pages'] );
		return $response;
	}

	/**
	 * `GET users/{id}`: any store user.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function user( WP_REST_Request $request ) {
		$raw  = (string) $request->get_param( 'id' );
		$user = preg_match( '/^\d+$/D', $raw ) ? get_userdata( absint( $raw ) ) : false;
		if ( ! $user instanceof WP_User ) {
			return self::invalid_user();
		}
		return new WP_REST_Response( Cloud_POS_Stations::public_user( $user ), 200 );
	}

	/**
	 * `POST users`: the dashboard creates a staff member. The login comes from the email (made
	 * unique), the password is random, and WordPress sends no mail (the dashboard invites).
	 * Creations are serialized by a database lock, so two posts of one email create one user;
	 * where the lock is not to be had, the email check right before wp_insert_user (which
	 * checks once more) stands.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function create_user( WP_REST_Request $request ) {
		$input = Cloud_POS_Rules::new_user( $request->get_json_params(), self::site_pos_roles() );
		if ( is_wp_error( $input ) ) {
			return $input;
		}
		$refused = Cloud_POS_Rules::role_grant_problem( $input['role'], self::editable_roles() );
		if ( null !== $refused ) {
			return $refused;
		}
		$locked = self::lock_users();
		try {
			if ( false !== email_exists( $input['email'] ) ) {
				return self::email_taken();
			}
			$login = Cloud_POS_Rules::unique_login(
				Cloud_POS_Rules::login_base( $input['email'] ),
				static function ( string $login ): bool {
					return false !== username_exists( $login );
				}
			);
			$id    = wp_insert_user(
				array(
					'user_login'   => $login,
					'user_email'   => $input['email'],
					'user_pass'    => wp_generate_password( 24, true, true ),
					'display_name' => $input['name'],
					'first_name'   => $input['first_name'],
					'last_name'    => $input['last_name'],
					'role'         => $input['role'],
				)
			);
		} finally {
			if ( $locked ) {
				self::unlock_users();
			}
		}
		if ( is_wp_error( $id ) ) {
			if ( 'existing_user_email' === $id->get_error_code() ) {
				return self::email_taken();
			}
			return new WP_Error( $id->get_error_code(), $id->get_error_message(), array( 'status' => 400 ) );
		}
		$user = get_userdata( $id );
		if ( ! $user instanceof WP_User ) {
			return self::invalid_user();
		}
		return new WP_REST_Response( Cloud_POS_Stations::public_user( $user ), 201 );
	}

	/**
	 * `PUT users/{id}`: a new POS role for a store user, in place of the POS roles it had; its
	 * other roles stay. The key's own user (the store's administrator who connected) is refused.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function update_user_role( WP_REST_Request $request ) {
		$role = Cloud_POS_Rules::role_change( $request->get_json_params(), self::site_pos_roles() );
		if ( is_wp_error( $role ) ) {
			return $role;
		}
		$user = self::requested_user( $request );
		if ( is_wp_error( $user ) ) {
			return $user;
		}
		$refused = self::roles_refusal( array_merge( array( $role ), $user->roles ) );
		if ( null !== $refused ) {
			return $refused;
		}
		self::set_roles( $user, Cloud_POS_Rules::roles_with_pos_role( $user->roles, $role ) );
		return new WP_REST_Response( Cloud_POS_Stations::public_user( $user ), 200 );
	}

	/**
	 * `DELETE users/{id}/pos-access`: the user loses every POS role (keeping the others, or
	 * becoming a customer, else a subscriber, when none is left) and leaves every station's
	 * list of users, so it no longer appears in `GET users` nor opens a station. The key's own
	 * user is refused.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function remove_pos_access( WP_REST_Request $request ) {
		$user = self::requested_user( $request );
		if ( is_wp_error( $user ) ) {
			return $user;
		}
		$refused = self::roles_refusal( $user->roles );
		if ( null !== $refused ) {
			return $refused;
		}
		$fallback = null !== get_role( 'customer' ) ? 'customer' : 'subscriber';
		self::set_roles( $user, Cloud_POS_Rules::roles_without_pos( $user->roles, $fallback ) );
		Cloud_POS_Stations::remove_user_everywhere( (int) $user->ID );
		return new WP_REST_Response(
			array(
				'removed' => true,
				'user'    => Cloud_POS_Stations::public_user( $user ),
			),
			200
		);
	}

	/**
	 * The user `{id}` names, unless it is nobody (404), the key's own user (403
	 * pos_connect_own_user) or a user the key's user may not promote and edit (403 rest_cannot_edit).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_User|WP_Error
	 */
	private static function requested_user( WP_REST_Request $request ) {
		$raw  = (string) $request->get_param( 'id' );
		$user = preg_match( '/^\d+$/D', $raw ) ? get_userdata( absint( $raw ) ) : false;
		if ( ! $user instanceof WP_User ) {
			return self::invalid_user();
		}
		if ( (int) $user->ID === get_current_user_id() ) {
			return new WP_Error(
				'pos_connect_own_user',
				__( 'The store\'s own administrator cannot be changed from the dashboard.', 'cloud-pos' ),
				array( 'status' => 403 )
			);
		}
		$refused = Cloud_POS_Rules::user_edit_problem(
			current_user_can( 'promote_user', $user->ID ),
			current_user_can( 'edit_user', $user->ID )
		);
		return null === $refused ? $user : $refused;
	}

	/**
	 * The refusal of a change that gives or takes away a POS role the key's user may not give
	 * (403 rest_cannot_edit_roles); null when every POS role among `$roles` is one it may.
	 *
	 * @param array<int|string, string> $roles The role given and the roles the user has.
	 */
	private static function roles_refusal( array $roles ): ?WP_Error {
		$editable = self::editable_roles();
		foreach ( array_intersect( $roles, Cloud_POS_Rules::POS_ROLES ) as $role ) {
			$refused = Cloud_POS_Rules::role_grant_problem( $role, $editable );
			if ( null !== $refused ) {
				return $refused;
			}
		}
		return null;
	}

	/**
	 * The roles the key's user may give (WordPress's get_editable_roles(), with the
	 * editable_roles filter WooCommerce narrows for shop managers).
	 *
	 * @return array<string, mixed>
	 */
	private static function editable_roles(): array {
		if ( ! function_exists( 'get_editable_roles' ) ) {
			require_once ABSPATH . 'wp-admin/includes/user.php';
		}
		return get_editable_roles();
	}

	/**
	 * Gives a user exactly these roles, in this order: roles it should not keep and its POS
	 * roles go first, then the missing ones are added (WordPress lists roles in the order they
	 * were given).
	 *
	 * @param WP_User      $user   The user.
	 * @param list<string> $target The roles (Cloud_POS_Rules::roles_with_pos_role() or roles_without_pos()).
	 */
	private static function set_roles( WP_User $user, array $target ): void {
		foreach ( array_values( $user->roles ) as $role ) {
			if ( ! in_array( $role, $target, true ) || in_array( $role, Cloud_POS_Rules::POS_ROLES, true ) ) {
				$user->remove_role( $role );
			}
		}
		foreach ( $target as $role ) {
			if ( ! in_array( $role, $user->roles, true ) ) {
				$user->add_role( $role );
			}
		}
	}

	/**
	 * The POS roles this site has.
	 *
	 * @return list<string>
	 */
	private static function site_pos_roles(): array {
		return Cloud_POS_Rules::pos_roles_on( array_keys( wp_roles()->get_names() ) );
	}

	/** The database lock that serializes `POST users` across PHP workers (MySQL/MariaDB). */
	private static function users_lock_name(): string {
		global $wpdb;
		return 'cloud_pos_users_' . md5( DB_NAME . '|' . $wpdb->prefix );
	}

	/** Takes the user-creation lock (waits up to 10 s); false when it could not be had. */
	private static function lock_users(): bool {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a named lock, not a table.
		$got = $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK( %s, %d )', self::users_lock_name(), 10 ) );
		return '1' === (string) $got;
	}

	/** Gives the user-creation lock back. */
	private static function unlock_users(): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a named lock, not a table.
		$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK( %s )', self::users_lock_name() ) );
	}

	/** WordPress's own answer for an email another user has (wp_insert_user's). */
	private static function email_taken(): WP_Error {
		return new WP_Error(
			'existing_user_email',
			// phpcs:ignore WordPress.WP.I18n.MissingArgDomain -- WordPress's own string, translated as WordPress translates it.
			__( 'Sorry, that email address is already used!' ),
			array( 'status' => 400 )
		);
	}

	/** `GET stations`: every station with its page on this site. */
	public static function stations(): WP_REST_Response {
		return new WP_REST_Response( array_map( array( Cloud_POS_Stations::class, 'view' ), Cloud_POS_Stations::all() ), 200 );
	}

	/**
	 * `PUT stations/{id}`: the dashboard's slug and default flag.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function update_station( WP_REST_Request $request ) {
		$change = Cloud_POS_Rules::station_change( $request->get_json_params() );
		if ( is_wp_error( $change ) ) {
			return $change;
		}
		$raw     = (string) $request->get_param( 'id' );
		$station = preg_match( '/^\d+$/D', $raw ) ? Cloud_POS_Stations::find( absint( $raw ) ) : null;
		if ( null === $station ) {
			return new WP_Error( 'pos_station_not_found', __( 'Station not found.', 'cloud-pos' ), array( 'status' => 404 ) );
		}
		Cloud_POS_Stations::update( (int) $station->ID, $change );
		return new WP_REST_Response( Cloud_POS_Stations::view( get_post( $station->ID ) ), 200 );
	}

	/**
	 * `POST invitations`: mails a store user the dashboard's sign-up link.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function invite( WP_REST_Request $request ) {
		$invitation = Cloud_POS_Rules::invitation( $request->get_json_params() );
		if ( is_wp_error( $invitation ) ) {
			return $invitation;
		}
		$user = get_userdata( $invitation['user_id'] );
		if ( ! $user instanceof WP_User ) {
			return self::invalid_user();
		}
		/* translators: 1: who invites, 2: the application's name */
		$subject = sprintf( __( '%1$s invited you to the %2$s point of sale', 'cloud-pos' ), $invitation['inviter_name'], $invitation['app_name'] );
		$message = implode(
			"\n",
			array(
				/* translators: %s: the invited user's name */
				sprintf( __( 'Hello %s,', 'cloud-pos' ), $user->display_name ),
				'',
				/* translators: 1: who invites, 2: the application's name */
				sprintf( __( '%1$s invited you to use the %2$s point of sale.', 'cloud-pos' ), $invitation['inviter_name'], $invitation['app_name'] ),
				__( 'Create your account to get started:', 'cloud-pos' ),
				$invitation['signup_url'],
			)
		);
		if ( ! wp_mail( $user->user_email, $subject, $message ) ) {
			return new WP_Error( 'pos_connect_mail_failed', __( 'The invitation email could not be sent.', 'cloud-pos' ), array( 'status' => 500 ) );
		}
		return new WP_REST_Response(
			array(
				'message' => 'The invitation is sent',
				'user_id' => (int) $user->ID,
			),
			201
		);
	}

	/**
	 * The permissions of the WooCommerce key this request was authenticated with; another REST
	 * authentication (an application password) acts with the user's full rights.
	 *
	 * @param int $user_id The authenticated user.
	 */
	private static function key_permissions( int $user_id ): string {
		global $wpdb;
		$consumer_key = self::consumer_key();
		if ( '' === $consumer_key || ! function_exists( 'wc_api_hash' ) ) {
			return 'read_write';
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- WooCommerce's own key table, read as WC_REST_Authentication reads it.
		$permissions = $wpdb->get_var(
			$wpdb->prepare(
				"SELECT permissions FROM {$wpdb->prefix}woocommerce_api_keys WHERE consumer_key = %s AND user_id = %d",
				wc_api_hash( $consumer_key ),
				$user_id
			)
		);
		return is_string( $permissions ) ? $permissions : 'read_write';
	}

	/** The consumer key of the request, where WooCommerce reads it (Basic auth, query, OAuth). */
	private static function consumer_key(): string {
		// phpcs:disable WordPress.Security.NonceVerification -- REST credentials, checked by WooCommerce.
		if ( ! empty( $_SERVER['PHP_AUTH_USER'] ) ) {
			return sanitize_text_field( wp_unslash( $_SERVER['PHP_AUTH_USER'] ) );
		}
		if ( ! empty( $_GET['consumer_key'] ) && is_string( $_GET['consumer_key'] ) ) {
			return sanitize_text_field( wp_unslash( $_GET['consumer_key'] ) );
		}
		// WooCommerce reads OAuth parameters from the query and the form body, the body winning.
		foreach ( array( $_POST, $_GET ) as $source ) {
			if ( ! empty( $source['oauth_consumer_key'] ) && is_string( $source['oauth_consumer_key'] ) ) {
				return sanitize_text_field( wp_unslash( $source['oauth_consumer_key'] ) );
			}
		}
		// phpcs:enable
		$header = '';
		if ( ! empty( $_SERVER['HTTP_AUTHORIZATION'] ) ) {
			$header = sanitize_text_field( wp_unslash( $_SERVER['HTTP_AUTHORIZATION'] ) );
		}
		if ( preg_match( '/oauth_consumer_key="?([^",]+)"?/', $header, $match ) ) {
			return rawurldecode( $match[1] );
		}
		return '';
	}

	/** The answer when the database refused to revoke the credential (it still works). */
	private static function revoke_failed(): WP_Error {
		return new WP_Error( 'pos_connect_revoke_failed', __( 'The key could not be revoked. Revoke it in WooCommerce → Settings → Advanced → REST API.', 'cloud-pos' ), array( 'status' => 500 ) );
	}

	/** WordPress's answer for a user id that names nobody. */
	private static function invalid_user(): WP_Error {
		return new WP_Error( 'rest_user_invalid_id', __( 'Invalid user ID.', 'cloud-pos' ), array( 'status' => 404 ) );
	}
}

<?php
/**
 * POS stations: the `pos_station` post type, its meta, and the wire shape of the contract.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Stations and POS users as the pos-connect/v1 routes and the station pages read them.
 */
final class Cloud_POS_Stations {

	public const POST_TYPE     = 'pos_station';
	public const META_SLUG     = '_cloud_pos_slug';
	public const META_DEFAULT  = '_cloud_pos_is_default';
	public const META_USERS    = '_cloud_pos_users';
	public const META_SETTINGS = '_cloud_pos_settings';

	/** The settings a new station starts with (the sandbox store's receipt settings). */
	public const DEFAULT_SETTINGS = array(
		'receipt_header' => '',
		'receipt_footer' => 'Thank you for your visit!',
		'tax_display'    => 'excl',
		'tax_rate'       => 0,
		'currency'       => 'USD',
		'print_receipt'  => true,
		'cash_drawer'    => true,
	);

	/** Registers the post type; every capability maps to manage_woocommerce. */
	public static function register_post_type(): void {
		$cap = 'manage_woocommerce';
		register_post_type(
			self::POST_TYPE,
			array(
				'labels'          => array(
					'name'               => __( 'POS Stations', 'cloud-pos' ),
					'singular_name'      => __( 'POS Station', 'cloud-pos' ),
					'menu_name'          => __( 'POS Stations', 'cloud-pos' ),
					'add_new'            => __( 'Add Station', 'cloud-pos' ),
					'add_new_item'       => __( 'Add Station', 'cloud-pos' ),
					'edit_item'          => __( 'Edit Station', 'cloud-pos' ),
					'new_item'           => __( 'New Station', 'cloud-pos' ),
					'search_items'       => __( 'Search Stations', 'cloud-pos' ),
					'not_found'          => __( 'No POS stations found.', 'cloud-pos' ),
					'not_found_in_trash' => __( 'No POS stations found in Trash.', 'cloud-pos' ),
				),
				'public'          => false,
				'show_ui'         => true,
				'show_in_menu'    => true,
				'show_in_rest'    => false,
				'menu_icon'       => 'dashicons-store',
				'supports'        => array( 'title' ),
				'rewrite'         => false,
				'query_var'       => false,
				'map_meta_cap'    => false,
				'capability_type' => self::POST_TYPE,
				'capabilities'    => array(
					'edit_post'              => $cap,
					'read_post'              => $cap,
					'delete_post'            => $cap,
					'edit_posts'             => $cap,
					'edit_others_posts'      => $cap,
					'publish_posts'          => $cap,
					'read_private_posts'     => $cap,
					'create_posts'           => $cap,
					'delete_posts'           => $cap,
					'delete_others_posts'    => $cap,
					'delete_published_posts' => $cap,
					'delete_private_posts'   => $cap,
					'edit_published_posts'   => $cap,
					'edit_private_posts'     => $cap,
				),
			)
		);
	}

	/**
	 * The published stations, in id order.
	 *
	 * @return list<WP_Post>
	 */
	public static function all(): array {
		return get_posts(
			array(
				'post_type'        => self::POST_TYPE,
				'post_status'      => 'publish',
				'orderby'          => 'ID',
				'order'            => 'ASC',
				'numberposts'      => -1,
				'suppress_filters' => true,
			)
		);
	}

	/**
	 * The published station with this id, or null.
	 *
	 * @param int $pos_id The station's post id.
	 */
	public static function find( int $pos_id ): ?WP_Post {
		$post = $pos_id > 0 ? get_post( $pos_id ) : null;
		return $post instanceof WP_Post && self::POST_TYPE === $post->post_type && 'publish' === $post->post_status ? $post : null;
	}

	/**
	 * The station's page on this site (`{home}/pos/{id}`, or a query string without pretty
	 * permalinks).
	 *
	 * @param int $pos_id The station.
	 */
	public static function url( int $pos_id ): string {
		if ( self::pretty_permalinks() ) {
			return home_url( '/pos/' . $pos_id );
		}
		return add_query_arg( Cloud_POS_Register::QUERY_VAR, $pos_id, home_url( '/' ) );
	}

	/** Whether /pos/{id} is routed by rewrite rules. */
	public static function pretty_permalinks(): bool {
		return '' !== (string) get_option( 'permalink_structure' );
	}

	/**
	 * WP user ids that may open the station; null lets every POS user open it.
	 *
	 * @param int $pos_id The station.
	 * @return list<int>|null
	 */
	public static function users( int $pos_id ): ?array {
		if ( ! metadata_exists( 'post', $pos_id, self::META_USERS ) ) {
			return null;
		}
		$users = get_post_meta( $pos_id, self::META_USERS, true );
		return is_array( $users ) ? array_values( array_map( 'intval', $users ) ) : array();
	}

	/**
	 * Sets who may open the station (null: every POS user).
	 *
	 * @param int            $pos_id The station.
	 * @param list<int>|null $users  User ids.
	 */
	public static function set_users( int $pos_id, ?array $users ): void {
		if ( null === $users ) {
			delete_post_meta( $pos_id, self::META_USERS );
			return;
		}
		update_post_meta( $pos_id, self::META_USERS, array_values( array_map( 'intval', $users ) ) );
	}

	/**
	 * Takes a user out of every station's list of users (a user who lost POS access). Stations
	 * open to every POS user keep no list and stay so; drafts and trashed stations are cleaned
	 * too, so a restored one does not bring the user back.
	 *
	 * @param int $user_id The user.
	 */
	public static function remove_user_everywhere( int $user_id ): void {
		$ids = get_posts(
			array(
				'post_type'        => self::POST_TYPE,
				'post_status'      => array( 'any', 'trash' ),
				'numberposts'      => -1,
				'fields'           => 'ids',
				'suppress_filters' => true,
			)
		);
		foreach ( $ids as $pos_id ) {
			$users = self::users( (int) $pos_id );
			$after = Cloud_POS_Rules::users_without( $users, $user_id );
			if ( $after !== $users ) {
				self::set_users( (int) $pos_id, $after );
			}
		}
	}

	/**
	 * The station's free-form settings.
	 *
	 * @param int $pos_id The station.
	 * @return array<string, string|int|float|bool|null>
	 */
	public static function settings( int $pos_id ): array {
		$settings = get_post_meta( $pos_id, self::META_SETTINGS, true );
		return is_array( $settings ) ? $settings : self::DEFAULT_SETTINGS;
	}

	/**
	 * The station in the contract's wire shape.
	 *
	 * @param WP_Post $post The station.
	 * @return array<string, mixed>
	 */
	public static function view( WP_Post $post ): array {
		$id   = (int) $post->ID;
		$slug = get_post_meta( $id, self::META_SLUG, true );
		return array(
			'pos_id'     => $id,
			'name'       => html_entity_decode( $post->post_title, ENT_QUOTES, 'UTF-8' ),
			'url'        => self::url( $id ),
			'cloud_slug' => is_string( $slug ) && '' !== $slug ? $slug : null,
			'is_default' => '1' === get_post_meta( $id, self::META_DEFAULT, true ),
			'users'      => self::users( $id ),
			// An empty PHP array would be sent as [], the contract wants an object.
			'settings'   => (object) self::settings( $id ),
		);
	}

	/**
	 * Applies a validated change (Cloud_POS_Rules::station_change()); the store keeps at most
	 * one default station.
	 *
	 * @param int                                             $pos_id The station.
	 * @param array{cloud_slug?: string|null, is_default?: bool} $change The change.
	 */
	public static function update( int $pos_id, array $change ): void {
		if ( array_key_exists( 'cloud_slug', $change ) ) {
			if ( null === $change['cloud_slug'] ) {
				delete_post_meta( $pos_id, self::META_SLUG );
			} else {
				update_post_meta( $pos_id, self::META_SLUG, $change['cloud_slug'] );
			}
		}
		if ( array_key_exists( 'is_default', $change ) ) {
			$defaults = array();
			foreach ( self::all() as $station ) {
				$defaults[ (int) $station->ID ] = '1' === get_post_meta( $station->ID, self::META_DEFAULT, true );
			}
			foreach ( Cloud_POS_Rules::defaults_after( $defaults, $pos_id, $change['is_default'] ) as $id => $flag ) {
				if ( $flag ) {
					update_post_meta( $id, self::META_DEFAULT, '1' );
				} else {
					delete_post_meta( $id, self::META_DEFAULT );
				}
			}
		}
	}

	/**
	 * Ids of the store's POS users (roles administrator, shop_manager, cashier, kiosk).
	 *
	 * @return list<int>
	 */
	public static function pos_user_ids(): array {
		return array_map(
			'intval',
			get_users(
				array(
					'role__in' => Cloud_POS_Rules::POS_ROLES,
					'orderby'  => 'ID',
					'order'    => 'ASC',
					'fields'   => 'ID',
				)
			)
		);
	}

	/**
	 * Whether a store user may open the station.
	 *
	 * @param int $pos_id  The station.
	 * @param int $user_id The store user.
	 */
	public static function may_open( int $pos_id, int $user_id ): bool {
		$user = get_userdata( $user_id );
		$roles = $user instanceof WP_User ? array_values( $user->roles ) : array();
		return Cloud_POS_Rules::may_open( $roles, $user_id, self::users( $pos_id ) );
	}

	/**
	 * A user in the contract's wire shape.
	 *
	 * @param WP_User $user The user.
	 * @return array{id: int, username: string, email: string, name: string, roles: list<string>}
	 */
	public static function public_user( WP_User $user ): array {
		return array(
			'id'       => (int) $user->ID,
			'username' => (string) $user->user_login,
			'email'    => (string) $user->user_email,
			'name'     => (string) $user->display_name,
			'roles'    => array_values( array_map( 'strval', $user->roles ) ),
		);
	}
}

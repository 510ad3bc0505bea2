<?php
/**
 * The plugin's wp-admin screens: the POS Stations list (with Delete), a station's settings box,
 * and the station access screen (`users.php?pos_station={id}`).
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every form here carries a nonce, and every screen checks manage_woocommerce.
 */
final class Cloud_POS_Admin {

	private const CAPABILITY      = 'manage_woocommerce';
	private const SETTINGS_NONCE  = 'cloud_pos_station_settings';
	private const ACCESS_QUERY    = 'pos_station';

	/** Hooks the screens. */
	public static function hook(): void {
		$type = Cloud_POS_Stations::POST_TYPE;
		add_filter( "manage_{$type}_posts_columns", array( self::class, 'columns' ) );
		add_action( "manage_{$type}_posts_custom_column", array( self::class, 'column' ), 10, 2 );
		add_filter( 'post_row_actions', array( self::class, 'row_actions' ), 10, 2 );
		add_filter( 'bulk_post_updated_messages', array( self::class, 'bulk_messages' ), 10, 2 );
		add_action( "add_meta_boxes_{$type}", array( self::class, 'meta_boxes' ) );
		add_action( "save_post_{$type}", array( self::class, 'save_settings' ), 10, 2 );
		add_action( 'load-users.php', array( self::class, 'access_screen' ) );
	}

	/**
	 * The list's columns: Name, POS ID, Cloud POS URL slug, Default, Access.
	 *
	 * @param array<string, string> $columns WordPress's columns.
	 * @return array<string, string>
	 */
	public static function columns( array $columns ): array {
		return array(
			'cb'         => $columns['cb'] ?? '<input type="checkbox" />',
			'title'      => __( 'Name', 'cloud-pos' ),
			'pos_id'     => __( 'POS ID', 'cloud-pos' ),
			'cloud_slug' => __( 'Cloud POS URL slug', 'cloud-pos' ),
			'is_default' => __( 'Default', 'cloud-pos' ),
			'access'     => __( 'Access', 'cloud-pos' ),
		);
	}

	/**
	 * Prints one cell.
	 *
	 * @param string $column  The column.
	 * @param int    $post_id The station.
	 */
	public static function column( string $column, int $post_id ): void {
		switch ( $column ) {
			case 'pos_id':
				echo (int) $post_id;
				break;
			case 'cloud_slug':
				$slug = (string) get_post_meta( $post_id, Cloud_POS_Stations::META_SLUG, true );
				echo '' === $slug ? '—' : '<code>' . esc_html( $slug ) . '</code>';
				break;
			case 'is_default':
				echo '1' === get_post_meta( $post_id, Cloud_POS_Stations::META_DEFAULT, true ) ? esc_html__( 'Yes', 'cloud-pos' ) : esc_html__( 'No', 'cloud-pos' );
				break;
			case 'access':
				echo esc_html( self::access_text( $post_id ) );
				break;
		}
	}

	/**
	 * Who may open a station, in words.
	 *
	 * @param int $post_id The station.
	 */
	private static function access_text( int $post_id ): string {
		$users = Cloud_POS_Stations::users( $post_id );
		if ( null === $users ) {
			return __( 'All POS users', 'cloud-pos' );
		}
		if ( array() === $users ) {
			return __( 'Nobody', 'cloud-pos' );
		}
		$names = array();
		foreach ( $users as $id ) {
			$user = get_userdata( $id );
			/* translators: %d: user id */
			$names[] = $user instanceof WP_User ? $user->display_name : sprintf( __( 'User %d', 'cloud-pos' ), $id );
		}
		return implode( ', ', $names );
	}

	/**
	 * A station's row actions: Edit, Edit access and Delete (permanently, as the sandbox does;
	 * WordPress's link carries the `delete-post_{id}` nonce).
	 *
	 * @param array<string, string> $actions WordPress's actions.
	 * @param WP_Post               $post    The row's post.
	 * @return array<string, string>
	 */
	public static function row_actions( array $actions, WP_Post $post ): array {
		if ( Cloud_POS_Stations::POST_TYPE !== $post->post_type || ! current_user_can( self::CAPABILITY ) ) {
			return $actions;
		}
		$name = $post->post_title;
		$kept = isset( $actions['edit'] ) ? array( 'edit' => $actions['edit'] ) : array();
		/* translators: %s: station name */
		$kept['pos_access'] = '<a href="' . esc_url( self::access_url( (int) $post->ID ) ) . '" aria-label="' . esc_attr( sprintf( __( 'Edit access to %s', 'cloud-pos' ), $name ) ) . '">' . esc_html__( 'Edit access', 'cloud-pos' ) . '</a>';
		/* translators: %s: station name */
		$kept['delete'] = '<a class="submitdelete" href="' . esc_url( get_delete_post_link( $post->ID, '', true ) ) . '" aria-label="' . esc_attr( sprintf( __( 'Delete %s', 'cloud-pos' ), $name ) ) . '">' . esc_html__( 'Delete', 'cloud-pos' ) . '</a>';
		return $kept;
	}

	/**
	 * "1 station permanently deleted." instead of posts.
	 *
	 * @param array<string, array<string, string>> $messages WordPress's messages.
	 * @param array<string, int>                   $counts   Counts per action.
	 * @return array<string, array<string, string>>
	 */
	public static function bulk_messages( array $messages, array $counts ): array {
		$messages[ Cloud_POS_Stations::POST_TYPE ] = array(
			/* translators: %s: number of stations */
			'updated'   => _n( '%s station updated.', '%s stations updated.', $counts['updated'] ?? 0, 'cloud-pos' ),
			/* translators: %s: number of stations */
			'locked'    => _n( '%s station not updated, somebody is editing it.', '%s stations not updated, somebody is editing them.', $counts['locked'] ?? 0, 'cloud-pos' ),
			/* translators: %s: number of stations */
			'deleted'   => _n( '%s station permanently deleted.', '%s stations permanently deleted.', $counts['deleted'] ?? 0, 'cloud-pos' ),
			/* translators: %s: number of stations */
			'trashed'   => _n( '%s station moved to the Trash.', '%s stations moved to the Trash.', $counts['trashed'] ?? 0, 'cloud-pos' ),
			/* translators: %s: number of stations */
			'untrashed' => _n( '%s station restored from the Trash.', '%s stations restored from the Trash.', $counts['untrashed'] ?? 0, 'cloud-pos' ),
		);
		return $messages;
	}

	/** Adds the settings box to the station editor. */
	public static function meta_boxes(): void {
		add_meta_box( 'cloud_pos_station_settings', __( 'Station settings', 'cloud-pos' ), array( self::class, 'settings_box' ), null, 'normal' );
	}

	/**
	 * The receipt and register settings of a station.
	 *
	 * @param WP_Post $post The station.
	 */
	public static function settings_box( WP_Post $post ): void {
		$settings = Cloud_POS_Stations::settings( (int) $post->ID ) + Cloud_POS_Stations::DEFAULT_SETTINGS;
		wp_nonce_field( self::SETTINGS_NONCE . '_' . $post->ID, '_cloud_pos_settings_nonce' );
		$text = static function ( string $key, string $label, string $type = 'text', string $extra = '' ) use ( $settings ): void {
			printf(
				'<p><label for="cloud_pos_%1$s">%2$s</label><br><input type="%3$s" class="regular-text" id="cloud_pos_%1$s" name="cloud_pos_settings[%1$s]" value="%4$s" %5$s></p>',
				esc_attr( $key ),
				esc_html( $label ),
				esc_attr( $type ),
				esc_attr( (string) $settings[ $key ] ),
				$extra // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- constant attributes below.
			);
		};
		$text( 'receipt_header', __( 'Receipt header', 'cloud-pos' ) );
		$text( 'receipt_footer', __( 'Receipt footer', 'cloud-pos' ) );
		$text( 'tax_rate', __( 'Tax rate (%)', 'cloud-pos' ), 'number', 'min="0" max="100" step="0.01"' );
		$text( 'currency', __( 'Currency (ISO 4217 code)', 'cloud-pos' ), 'text', 'pattern="[A-Za-z]{3}" maxlength="3"' );
		?>
		<p><label for="cloud_pos_tax_display"><?php esc_html_e( 'Prices', 'cloud-pos' ); ?></label><br>
			<select id="cloud_pos_tax_display" name="cloud_pos_settings[tax_display]">
				<option value="excl" <?php selected( 'excl', $settings['tax_display'] ); ?>><?php esc_html_e( 'Excluding tax', 'cloud-pos' ); ?></option>
				<option value="incl" <?php selected( 'incl', $settings['tax_display'] ); ?>><?php esc_html_e( 'Including tax', 'cloud-pos' ); ?></option>
			</select></p>
		<p><input type="checkbox" id="cloud_pos_print_receipt" name="cloud_pos_settings[print_receipt]" value="1" <?php checked( (bool) $settings['print_receipt'] ); ?>>
			<label for="cloud_pos_print_receipt"><?php esc_html_e( 'Print a receipt after each sale', 'cloud-pos' ); ?></label></p>
		<p><input type="checkbox" id="cloud_pos_cash_drawer" name="cloud_pos_settings[cash_drawer]" value="1" <?php checked( (bool) $settings['cash_drawer'] ); ?>>
			<label for="cloud_pos_cash_drawer"><?php esc_html_e( 'Open the cash drawer', 'cloud-pos' ); ?></label></p>
		<?php
	}

	/**
	 * Saves the settings box (nonce and capability checked; other settings keys are kept).
	 *
	 * @param int     $post_id The station.
	 * @param WP_Post $post    The station.
	 */
	public static function save_settings( int $post_id, WP_Post $post ): void {
		if ( wp_is_post_autosave( $post_id ) || wp_is_post_revision( $post_id ) || ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		$nonce = isset( $_POST['_cloud_pos_settings_nonce'] ) ? sanitize_text_field( wp_unslash( $_POST['_cloud_pos_settings_nonce'] ) ) : '';
		if ( ! wp_verify_nonce( $nonce, self::SETTINGS_NONCE . '_' . $post_id ) ) {
			return;
		}
		$raw      = isset( $_POST['cloud_pos_settings'] ) && is_array( $_POST['cloud_pos_settings'] ) ? map_deep( wp_unslash( $_POST['cloud_pos_settings'] ), 'sanitize_text_field' ) : array();
		$settings = Cloud_POS_Rules::station_settings( Cloud_POS_Stations::settings( (int) $post->ID ), $raw );
		update_post_meta( $post_id, Cloud_POS_Stations::META_SETTINGS, $settings );
	}

	/**
	 * The station access screen's address.
	 *
	 * @param int $pos_id The station.
	 */
	public static function access_url( int $pos_id ): string {
		return add_query_arg( self::ACCESS_QUERY, $pos_id, admin_url( 'users.php' ) );
	}

	/**
	 * `users.php?pos_station={id}`: who may open the station. Handles the form (nonce
	 * `pos-station-access_{id}`) and ends the request; the plain users list is left alone.
	 */
	public static function access_screen(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only selects the screen; the form is checked below.
		if ( ! isset( $_GET[ self::ACCESS_QUERY ] ) ) {
			return;
		}
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'cloud-pos' ), 403 );
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only selects the station.
		$station = Cloud_POS_Stations::find( absint( wp_unslash( $_GET[ self::ACCESS_QUERY ] ) ) );
		if ( null === $station ) {
			wp_die( esc_html__( 'You attempted to edit an item that does not exist.', 'cloud-pos' ), 404 );
		}
		$pos_id = (int) $station->ID;
		$action = 'pos-station-access_' . $pos_id;
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : 'get';
		if ( 'post' === $method ) {
			check_admin_referer( $action );
			$ticked = isset( $_POST['users'] ) && is_array( $_POST['users'] ) ? array_map( 'absint', wp_unslash( $_POST['users'] ) ) : array();
			$users  = Cloud_POS_Rules::access_list( ! empty( $_POST['all_users'] ), $ticked, Cloud_POS_Stations::pos_user_ids() );
			Cloud_POS_Stations::set_users( $pos_id, $users );
			wp_safe_redirect( add_query_arg( 'updated', '1', self::access_url( $pos_id ) ), 303 );
			exit;
		}
		self::render_access( $station, $action );
		exit;
	}

	/**
	 * Prints the access screen inside wp-admin's frame.
	 *
	 * @param WP_Post $station The station.
	 * @param string  $action  The form's nonce action.
	 */
	private static function render_access( WP_Post $station, string $action ): void {
		global $title, $parent_file, $submenu_file;
		/* translators: %s: station name */
		$title        = sprintf( __( 'Station access: %s', 'cloud-pos' ), $station->post_title ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the admin header reads the screen title from it.
		$parent_file  = 'edit.php?post_type=' . Cloud_POS_Stations::POST_TYPE; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- highlights POS Stations in the menu.
		$submenu_file = $parent_file; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- same.
		$pos_id       = (int) $station->ID;
		$allowed      = Cloud_POS_Stations::users( $pos_id );
		$all          = null === $allowed;
		$users        = get_users(
			array(
				'role__in' => Cloud_POS_Rules::POS_ROLES,
				'orderby'  => 'ID',
				'order'    => 'ASC',
			)
		);
		require_once ABSPATH . 'wp-admin/admin-header.php';
		?>
		<div class="wrap">
			<h1><?php echo esc_html( $title ); ?></h1>
			<?php // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a display flag after the redirect. ?>
			<?php if ( isset( $_GET['updated'] ) ) : ?>
				<div class="notice notice-success"><p><?php esc_html_e( 'Station access updated.', 'cloud-pos' ); ?></p></div>
			<?php endif; ?>
			<p>
				<?php
				/* translators: 1: station name, 2: station id */
				printf( esc_html__( 'Choose who may open %1$s (POS ID %2$d).', 'cloud-pos' ), '<strong>' . esc_html( $station->post_title ) . '</strong>', (int) $pos_id );
				?>
			</p>
			<form method="post" action="<?php echo esc_url( self::access_url( $pos_id ) ); ?>">
				<?php wp_nonce_field( $action ); ?>
				<p>
					<input type="checkbox" id="all_users" name="all_users" value="1" <?php checked( $all ); ?> aria-describedby="all_users_hint">
					<label for="all_users"><?php esc_html_e( 'All POS users', 'cloud-pos' ); ?></label>
				</p>
				<p id="all_users_hint" class="description"><?php esc_html_e( 'Every store user with a POS role may open the station; the list below is then ignored.', 'cloud-pos' ); ?></p>
				<fieldset>
					<legend class="screen-reader-text"><?php esc_html_e( 'POS users', 'cloud-pos' ); ?></legend>
					<?php foreach ( $users as $user ) : ?>
						<p>
							<input type="checkbox" id="pos_user_<?php echo (int) $user->ID; ?>" name="users[]" value="<?php echo (int) $user->ID; ?>" <?php checked( $all || in_array( (int) $user->ID, $allowed, true ) ); ?>>
							<label for="pos_user_<?php echo (int) $user->ID; ?>"><?php echo esc_html( $user->display_name . ' (' . $user->user_email . ')' ); ?></label>
						</p>
					<?php endforeach; ?>
				</fieldset>
				<?php submit_button( __( 'Save', 'cloud-pos' ) ); ?>
				<p><a href="<?php echo esc_url( admin_url( 'edit.php?post_type=' . Cloud_POS_Stations::POST_TYPE ) ); ?>"><?php esc_html_e( 'Back to POS Stations', 'cloud-pos' ); ?></a></p>
			</form>
		</div>
		<?php
		require_once ABSPATH . 'wp-admin/admin-footer.php';
	}
}

<?php
/**
 * @package CloudPOS
 */

use PHPUnit\Framework\TestCase;

final class RulesTest extends TestCase {

	private function assertInvalidParam( string $name, string $reason, mixed $result ): void {
		$this->assertInstanceOf( WP_Error::class, $result );
		$this->assertSame( 'rest_invalid_param', $result->get_error_code() );
		$this->assertSame( "Invalid parameter(s): $name", $result->get_error_message() );
		$this->assertSame(
			array(
				'status' => 400,
				'params' => array( $name => $reason ),
			),
			$result->get_error_data()
		);
	}

	public function test_positive_int_reads_query_strings_like_the_sandbox(): void {
		$this->assertSame( 1, Cloud_POS_Rules::positive_int( null, 1 ) );
		$this->assertSame( 10, Cloud_POS_Rules::positive_int( '', 10 ) );
		$this->assertSame( 3, Cloud_POS_Rules::positive_int( '3', 1 ) );
		$this->assertSame( 3, Cloud_POS_Rules::positive_int( '003', 1 ) );
		$this->assertSame( 5, Cloud_POS_Rules::positive_int( 5, 1 ) );
		foreach ( array( '0', '-1', '1.5', 'abc', ' 2', '2 ', "2\n", '1e2', 0, -4, array( '1' ), true ) as $bad ) {
			$this->assertNull( Cloud_POS_Rules::positive_int( $bad, 1 ), var_export( $bad, true ) );
		}
	}

	public function test_page_and_per_page_problems(): void {
		$this->assertNull( Cloud_POS_Rules::page_problem( null ) );
		$this->assertNull( Cloud_POS_Rules::page_problem( '40' ) );
		$this->assertSame( 'page must be at least 1.', Cloud_POS_Rules::page_problem( '0' ) );
		$this->assertSame( 'page must be at least 1.', Cloud_POS_Rules::page_problem( 'x' ) );
		$this->assertNull( Cloud_POS_Rules::per_page_problem( '' ) );
		$this->assertNull( Cloud_POS_Rules::per_page_problem( '1' ) );
		$this->assertNull( Cloud_POS_Rules::per_page_problem( '100' ) );
		$message = 'per_page must be between 1 (inclusive) and 100 (inclusive)';
		$this->assertSame( $message, Cloud_POS_Rules::per_page_problem( '101' ) );
		$this->assertSame( $message, Cloud_POS_Rules::per_page_problem( '0' ) );
		$this->assertSame( $message, Cloud_POS_Rules::per_page_problem( 'ten' ) );
	}

	public function test_paging_math(): void {
		$this->assertSame( array( 'total_pages' => 2, 'offset' => 0 ), Cloud_POS_Rules::paging( 14, 1, 10 ) );
		$this->assertSame( array( 'total_pages' => 2, 'offset' => 10 ), Cloud_POS_Rules::paging( 14, 2, 10 ) );
		$this->assertSame( array( 'total_pages' => 1, 'offset' => 0 ), Cloud_POS_Rules::paging( 100, 1, 100 ) );
		$this->assertSame( array( 'total_pages' => 0, 'offset' => 0 ), Cloud_POS_Rules::paging( 0, 1, 10 ) );
		$this->assertSame( array( 'total_pages' => 14, 'offset' => 13 ), Cloud_POS_Rules::paging( 14, 14, 1 ) );
	}

	public function test_pos_roles_and_station_access(): void {
		$this->assertTrue( Cloud_POS_Rules::has_pos_role( array( 'customer', 'kiosk' ) ) );
		$this->assertFalse( Cloud_POS_Rules::has_pos_role( array( 'customer', 'subscriber' ) ) );
		$this->assertTrue( Cloud_POS_Rules::may_open( array( 'cashier' ), 2, null ) );
		$this->assertTrue( Cloud_POS_Rules::may_open( array( 'cashier' ), 2, array( 1, 2 ) ) );
		$this->assertFalse( Cloud_POS_Rules::may_open( array( 'cashier' ), 2, array( 1, 3 ) ) );
		$this->assertFalse( Cloud_POS_Rules::may_open( array( 'cashier' ), 2, array() ) );
		$this->assertFalse( Cloud_POS_Rules::may_open( array( 'customer' ), 15, null ), 'only POS users open stations' );
		$this->assertFalse( Cloud_POS_Rules::may_open( array(), 99, null ), 'nobody behind the id' );
	}

	public function test_access_list_from_the_form(): void {
		$this->assertNull( Cloud_POS_Rules::access_list( true, array( '1' ), array( 1, 2 ) ) );
		$this->assertSame( array( 1, 3 ), Cloud_POS_Rules::access_list( false, array( '3', '1', '3', '15', 'x', array( 2 ) ), array( 1, 2, 3 ) ) );
		$this->assertSame( array(), Cloud_POS_Rules::access_list( false, array(), array( 1, 2 ) ) );
	}

	public function test_station_change_accepts_what_the_api_sends(): void {
		$this->assertSame( array( 'cloud_slug' => 'pos', 'is_default' => true ), Cloud_POS_Rules::station_change( array( 'cloud_slug' => 'pos', 'is_default' => true ) ) );
		$this->assertSame( array( 'cloud_slug' => null, 'is_default' => false ), Cloud_POS_Rules::station_change( array( 'cloud_slug' => null, 'is_default' => false ) ) );
		$this->assertSame( array( 'cloud_slug' => '12' ), Cloud_POS_Rules::station_change( array( 'cloud_slug' => '12' ) ) );
		$this->assertSame( array( 'is_default' => true ), Cloud_POS_Rules::station_change( array( 'is_default' => true, 'users' => array( 1 ) ) ) );
	}

	public function test_station_change_names_the_first_bad_parameter(): void {
		$slug = 'cloud_slug must be null or 1-64 lower-case letters, digits and single hyphens.';
		$this->assertInvalidParam( 'cloud_slug', 'The request body must be a JSON object.', Cloud_POS_Rules::station_change( null ) );
		$this->assertInvalidParam( 'cloud_slug', 'The request body must be a JSON object.', Cloud_POS_Rules::station_change( array( 1, 2 ) ) );
		$this->assertInvalidParam( 'cloud_slug', 'The request body must be a JSON object.', Cloud_POS_Rules::station_change( 'pos' ) );
		$this->assertInvalidParam( 'cloud_slug', 'Give cloud_slug, is_default or both.', Cloud_POS_Rules::station_change( array() ) );
		$this->assertInvalidParam( 'cloud_slug', 'Give cloud_slug, is_default or both.', Cloud_POS_Rules::station_change( array( 'users' => null ) ) );
		foreach ( array( 'Front', 'front--counter', '-pos', 'pos-', '', 'a b', str_repeat( 'a', 65 ), 5, false ) as $bad ) {
			$this->assertInvalidParam( 'cloud_slug', $slug, Cloud_POS_Rules::station_change( array( 'cloud_slug' => $bad ) ) );
		}
		$this->assertInvalidParam( 'is_default', 'is_default is not of type boolean.', Cloud_POS_Rules::station_change( array( 'cloud_slug' => 'pos', 'is_default' => 'true' ) ) );
		$this->assertInvalidParam( 'is_default', 'is_default is not of type boolean.', Cloud_POS_Rules::station_change( array( 'is_default' => 1 ) ) );
		$this->assertInvalidParam( 'cloud_slug', $slug, Cloud_POS_Rules::station_change( array( 'cloud_slug' => 'X', 'is_default' => 'x' ) ) );
	}

	public function test_slug_rule(): void {
		$this->assertTrue( Cloud_POS_Rules::is_cloud_slug( 'espresso-bar' ) );
		$this->assertTrue( Cloud_POS_Rules::is_cloud_slug( str_repeat( 'a', 64 ) ) );
		$this->assertTrue( Cloud_POS_Rules::is_cloud_slug( '3' ) );
		$this->assertFalse( Cloud_POS_Rules::is_cloud_slug( "pos\n" ) );
		$this->assertFalse( Cloud_POS_Rules::is_cloud_slug( 'café' ) );
	}

	public function test_one_default_station(): void {
		$before = array( 1 => true, 2 => false, 3 => false );
		$this->assertSame( array( 1 => false, 2 => true, 3 => false ), Cloud_POS_Rules::defaults_after( $before, 2, true ) );
		$this->assertSame( array( 1 => false, 2 => false, 3 => false ), Cloud_POS_Rules::defaults_after( $before, 1, false ) );
		$this->assertSame( array( 1 => true, 2 => false, 3 => false ), Cloud_POS_Rules::defaults_after( $before, 3, false ) );
		$this->assertSame( array( 1 => true ), Cloud_POS_Rules::defaults_after( array(), 1, true ) );
	}

	public function test_invitation_is_checked_then_sanitized(): void {
		$good = array(
			'user_id'      => 3,
			'inviter_name' => "  Sam <b>Owner</b>\n",
			'app_name'     => 'Coffee',
			'signup_url'   => 'https://dashboard.example.test/signup?invite=abc',
		);
		$this->assertSame(
			array(
				'user_id'      => 3,
				'inviter_name' => 'Sam Owner',
				'app_name'     => 'Coffee',
				'signup_url'   => 'https://dashboard.example.test/signup?invite=abc',
			),
			Cloud_POS_Rules::invitation( $good )
		);
		$this->assertInvalidParam( 'user_id', 'user_id is not of type integer.', Cloud_POS_Rules::invitation( null ) );
		$this->assertInvalidParam( 'user_id', 'user_id is not of type integer.', Cloud_POS_Rules::invitation( array( 'user_id' => '3' ) + $good ) );
		$this->assertInvalidParam( 'user_id', 'user_id is not of type integer.', Cloud_POS_Rules::invitation( array( 'user_id' => 0 ) + $good ) );
		$this->assertInvalidParam( 'inviter_name', 'inviter_name must be a non-empty string.', Cloud_POS_Rules::invitation( array( 'inviter_name' => '   ' ) + $good ) );
		$this->assertInvalidParam( 'inviter_name', 'inviter_name must be a non-empty string.', Cloud_POS_Rules::invitation( array( 'inviter_name' => str_repeat( 'a', 201 ) ) + $good ) );
		$this->assertInvalidParam( 'app_name', 'app_name must be a non-empty string.', Cloud_POS_Rules::invitation( array( 'app_name' => 5 ) + $good ) );
		foreach ( array( 'javascript:alert(1)', 'ftp://x.test/', '/signup', 'https://', 'https://a.test/<x>', '' ) as $bad ) {
			$this->assertInvalidParam( 'signup_url', 'signup_url must be an http(s) URL.', Cloud_POS_Rules::invitation( array( 'signup_url' => $bad ) + $good ) );
		}
	}

	public function test_trusted_jwks_urls(): void {
		$this->assertTrue( Cloud_POS_Rules::is_trusted_jwks_url( 'https://pos.example.com/.well-known/jwks.json' ) );
		$this->assertTrue( Cloud_POS_Rules::is_trusted_jwks_url( 'http://127.0.0.1:4300/.well-known/jwks.json' ) );
		$this->assertTrue( Cloud_POS_Rules::is_trusted_jwks_url( 'http://localhost:4300/.well-known/jwks.json' ) );
		$this->assertTrue( Cloud_POS_Rules::is_trusted_jwks_url( 'http://[::1]:4300/.well-known/jwks.json' ) );
		$this->assertFalse( Cloud_POS_Rules::is_trusted_jwks_url( 'http://pos.example.com/.well-known/jwks.json' ) );
		$this->assertFalse( Cloud_POS_Rules::is_trusted_jwks_url( 'http://127.0.0.1.evil.test/jwks.json' ) );
		$this->assertFalse( Cloud_POS_Rules::is_trusted_jwks_url( 'file:///etc/passwd' ) );
		$this->assertSame( 'https://pos.example.com/.well-known/jwks.json', Cloud_POS_Rules::jwks_url_of( 'https://pos.example.com/' ) );
	}

	public function test_requests_woocommerce_should_authenticate(): void {
		$this->assertTrue( Cloud_POS_Rules::is_pos_connect_request( '/wp-json/pos-connect/v1/connection?oauth_nonce=x', 'wp-json' ) );
		$this->assertTrue( Cloud_POS_Rules::is_pos_connect_request( '/shop/wp-json/pos-connect/v1/users', 'wp-json' ) );
		$this->assertTrue( Cloud_POS_Rules::is_pos_connect_request( '/api/pos-connect/v1/stations/1', 'api' ) );
		$this->assertTrue( Cloud_POS_Rules::is_pos_connect_request( '/?rest_route=/pos-connect/v1/stations', 'wp-json' ) );
		$this->assertTrue( Cloud_POS_Rules::is_pos_connect_request( '/index.php?rest_route=%2Fpos-connect%2Fv1%2Fusers&page=2', 'wp-json' ) );
		$this->assertFalse( Cloud_POS_Rules::is_pos_connect_request( '/wp-json/wp/v2/users', 'wp-json' ) );
		$this->assertFalse( Cloud_POS_Rules::is_pos_connect_request( '/shop/?s=/wp-json/pos-connect/', 'wp-json' ) );
		$this->assertFalse( Cloud_POS_Rules::is_pos_connect_request( '/?rest_route=/wp/v2/pos-connect/', 'wp-json' ) );
	}

	public function test_disconnect_revokes_the_key_that_authenticated_the_request(): void {
		$this->assertSame(
			array(
				'type' => 'woocommerce_key',
				'id'   => 7,
			),
			Cloud_POS_Rules::credential_to_revoke( 7, null )
		);
		// A request WooCommerce authenticated by its key never falls through to the password.
		$this->assertSame( 'woocommerce_key', Cloud_POS_Rules::credential_to_revoke( 7, 'a1b2' )['type'] );
		$this->assertSame(
			array(
				'type' => 'application_password',
				'id'   => '6c1c1f4d-7b5e-4b0e-9a43-3e9d0f7b2a11',
			),
			Cloud_POS_Rules::credential_to_revoke( null, '6c1c1f4d-7b5e-4b0e-9a43-3e9d0f7b2a11' )
		);
		foreach ( array( array( null, null ), array( null, '' ), array( 0, null ) ) as $nothing ) {
			$refused = Cloud_POS_Rules::credential_to_revoke( ...$nothing );
			$this->assertInstanceOf( WP_Error::class, $refused );
			$this->assertSame( 'pos_connect_no_key', $refused->get_error_code() );
			$this->assertSame( array( 'status' => 400 ), $refused->get_error_data() );
		}
	}

	public function test_station_settings_from_the_form(): void {
		$current = Cloud_POS_Stations::DEFAULT_SETTINGS + array( 'order_display' => 'pickup' );
		$after   = Cloud_POS_Rules::station_settings(
			$current,
			array(
				'receipt_header' => '<b>Demo</b> Coffee',
				'receipt_footer' => 'Thanks',
				'tax_rate'       => '8',
				'currency'       => 'eur',
				'tax_display'    => 'incl',
				'print_receipt'  => '1',
			)
		);
		$this->assertSame(
			array(
				'receipt_header' => 'Demo Coffee',
				'receipt_footer' => 'Thanks',
				'tax_display'    => 'incl',
				'tax_rate'       => 8,
				'currency'       => 'EUR',
				'print_receipt'  => true,
				'cash_drawer'    => false,
				'order_display'  => 'pickup',
			),
			$after
		);
		$kept = Cloud_POS_Rules::station_settings( $current, array( 'tax_rate' => 'x', 'currency' => 'EURO', 'tax_display' => 'gross' ) );
		$this->assertSame( 0, $kept['tax_rate'] );
		$this->assertSame( 'USD', $kept['currency'] );
		$this->assertSame( 'excl', $kept['tax_display'] );
		$this->assertSame( 7.25, Cloud_POS_Rules::station_settings( $current, array( 'tax_rate' => '7.25' ) )['tax_rate'] );
		$this->assertSame( 100, Cloud_POS_Rules::station_settings( $current, array( 'tax_rate' => '250' ) )['tax_rate'] );
	}

	public function test_settings_keep_only_the_origin(): void {
		$this->assertSame( 'https://pos.example.com', Cloud_POS_Settings::origin_of( 'HTTPS://POS.example.com/some/path?x=1' ) );
		$this->assertSame( 'http://127.0.0.1:4300', Cloud_POS_Settings::origin_of( 'http://127.0.0.1:4300/' ) );
		$this->assertNull( Cloud_POS_Settings::origin_of( 'pos.example.com' ) );
	}

	public function test_session_stations_follow_the_cookie_naming(): void {
		$pretty = array( 'wordpress_test_cookie', 'pos_station_session' );
		$this->assertSame( array( 7 ), Cloud_POS_Rules::session_stations( $pretty, true, 7 ) );
		// Pretty permalinks: the cookie reaches only /pos/{id} requests, so elsewhere no station.
		$this->assertSame( array(), Cloud_POS_Rules::session_stations( $pretty, true, 0 ) );
		$this->assertSame( array(), Cloud_POS_Rules::session_stations( array( 'pos_station_session_7' ), true, 0 ) );
		$plain = array( 'pos_station_session_12', 'pos_station_session_7', 'pos_station_session_7x', 'pos_station_session_0', 'pos_station_session_', 'pos_station_session', 'other_3' );
		$this->assertSame( array( 7, 12 ), Cloud_POS_Rules::session_stations( $plain, false, 0 ) );
		$this->assertSame( array( 12, 7 ), Cloud_POS_Rules::session_stations( $plain, false, 12 ) );
		$this->assertSame( array( 7, 12 ), Cloud_POS_Rules::session_stations( $plain, false, 99 ) );
	}

	public function test_order_session_is_the_requests_station_else_the_only_one(): void {
		$a = array( 'pos_id' => 7 );
		$b = array( 'pos_id' => 12 );
		$this->assertNull( Cloud_POS_Rules::order_session( array(), 0 ) );
		$this->assertNull( Cloud_POS_Rules::order_session( array(), 7 ) );
		$this->assertSame( $a, Cloud_POS_Rules::order_session( array( $a ), 0 ) );
		$this->assertSame( $b, Cloud_POS_Rules::order_session( array( $a, $b ), 12 ) );
		// Two open registers and no way to tell which one made the order: no stamp.
		$this->assertNull( Cloud_POS_Rules::order_session( array( $a, $b ), 0 ) );
	}

	public function test_order_stamp_matches_the_api_and_the_sandbox(): void {
		// api/src/domain/orders/wire.ts POS_CREATED_VIA/POS_META, sandbox/src/store/commerce.ts.
		$this->assertSame(
			array(
				'created_via' => 'cloud-pos',
				'meta'        => array(
					'cloud_pos_station_id'   => '7',
					'cloud_pos_station_name' => 'Front Counter',
					'cloud_pos_cashier_id'   => '3',
					'cloud_pos_cashier_name' => 'Casey Cashier',
				),
			),
			Cloud_POS_Rules::order_stamp( 7, 3, 'Casey Cashier', 'Casey C.', 'Front Counter' )
		);
		$this->assertSame( 'Casey C.', Cloud_POS_Rules::order_stamp( 7, 3, ' ', ' Casey C. ', 'Front Counter' )['meta']['cloud_pos_cashier_name'] );
		$this->assertSame( 200, mb_strlen( Cloud_POS_Rules::order_stamp( 7, 3, str_repeat( 'é', 300 ), '', 'Front Counter' )['meta']['cloud_pos_cashier_name'] ) );
	}

	public function test_order_stamp_names_the_station_by_its_title_as_plain_text(): void {
		$meta = Cloud_POS_Rules::order_stamp( 7, 3, 'Casey', '', "  <b>Front</b>\n  Desk " )['meta'];
		$this->assertSame( 'Front Desk', $meta['cloud_pos_station_name'] );
		$long = Cloud_POS_Rules::order_stamp( 7, 3, 'Casey', '', str_repeat( 'é', 300 ) )['meta']['cloud_pos_station_name'];
		$this->assertSame( str_repeat( 'é', 200 ), $long );
		// A station with no title (or none found) leaves the name empty, which the api reads as none.
		$this->assertSame( '', Cloud_POS_Rules::order_stamp( 7, 3, 'Casey', '', '' )['meta']['cloud_pos_station_name'] );
	}

	public function test_needs_stamp_only_when_something_differs(): void {
		$stamp = Cloud_POS_Rules::order_stamp( 7, 3, 'Casey', '', 'Front Counter' );
		$this->assertTrue( Cloud_POS_Rules::needs_stamp( 'checkout', array(), $stamp ) );
		$this->assertTrue( Cloud_POS_Rules::needs_stamp( 'cloud-pos', array(), $stamp ) );
		$this->assertFalse( Cloud_POS_Rules::needs_stamp( 'cloud-pos', $stamp['meta'], $stamp ) );
		$other = array( 'cloud_pos_station_id' => '8' ) + $stamp['meta'];
		$this->assertTrue( Cloud_POS_Rules::needs_stamp( 'cloud-pos', $other, $stamp ) );
		$renamed = array( 'cloud_pos_station_name' => 'Front Desk' ) + $stamp['meta'];
		$this->assertTrue( Cloud_POS_Rules::needs_stamp( 'cloud-pos', $renamed, $stamp ) );
		$this->assertTrue( Cloud_POS_Rules::needs_stamp( 'store-api', $stamp['meta'], $stamp ) );
	}

	public function test_pos_roles_on_a_site_are_the_ones_it_has(): void {
		$this->assertSame( Cloud_POS_Rules::POS_ROLES, Cloud_POS_Rules::pos_roles_on( array( 'subscriber', 'kiosk', 'cashier', 'shop_manager', 'administrator', 'customer' ) ) );
		// Without WooCommerce there is no shop_manager role to give.
		$this->assertSame( array( 'administrator', 'cashier', 'kiosk' ), Cloud_POS_Rules::pos_roles_on( array( 'administrator', 'editor', 'subscriber', 'cashier', 'kiosk' ) ) );
	}

	public function test_new_user_reads_name_email_and_role(): void {
		$this->assertSame(
			array(
				'name'       => 'Anna Maria Smith',
				'email'      => 'Anna.Smith+pos@example.com',
				'role'       => 'cashier',
				'first_name' => 'Anna',
				'last_name'  => 'Maria Smith',
			),
			Cloud_POS_Rules::new_user(
				array(
					'name'  => "  Anna \t Maria  Smith ",
					'email' => 'Anna.Smith+pos@example.com',
					'role'  => 'cashier',
				),
				Cloud_POS_Rules::POS_ROLES
			)
		);
		$one = Cloud_POS_Rules::new_user(
			array(
				'name'  => 'Cher',
				'email' => 'cher@example.com',
				'role'  => 'kiosk',
			),
			Cloud_POS_Rules::POS_ROLES
		);
		$this->assertSame( array( 'Cher', '' ), array( $one['first_name'], $one['last_name'] ) );
		$this->assertSame( 200, mb_strlen( Cloud_POS_Rules::new_user( array( 'name' => str_repeat( 'é', 200 ), 'email' => 'e@example.com', 'role' => 'cashier' ), Cloud_POS_Rules::POS_ROLES )['name'] ) );
	}

	public function test_new_user_refuses_the_first_bad_parameter(): void {
		$good  = array(
			'name'  => 'Anna Smith',
			'email' => 'anna@example.com',
			'role'  => 'cashier',
		);
		$roles = Cloud_POS_Rules::POS_ROLES;
		$name  = 'name must be a non-empty string of at most 200 characters.';
		$email = 'email must be a valid email address of at most 100 characters.';
		$role  = 'role must be one of: administrator, shop_manager, cashier, kiosk.';
		$this->assertInvalidParam( 'name', 'The request body must be a JSON object.', Cloud_POS_Rules::new_user( null, $roles ) );
		$this->assertInvalidParam( 'name', 'The request body must be a JSON object.', Cloud_POS_Rules::new_user( array( 1, 2 ), $roles ) );
		foreach ( array( null, '', '   ', '<b></b>', 7, str_repeat( 'a', 201 ) ) as $bad ) {
			$this->assertInvalidParam( 'name', $name, Cloud_POS_Rules::new_user( array( 'name' => $bad ) + $good, $roles ) );
		}
		// A bad name is named before a bad email and role.
		$this->assertInvalidParam( 'name', $name, Cloud_POS_Rules::new_user( array( 'name' => '' ), $roles ) );
		$long = str_repeat( 'a', 89 ) . '@example.com';
		foreach ( array( null, 'anna', 'anna@example', 'anna@@example.com', 'an na@example.com', "anna@example.com\n", ' anna@example.com', 'anna@exa..mple.com', 'anna@-example.com', 'a@b.c', $long, 12 ) as $bad ) {
			$this->assertInvalidParam( 'email', $email, Cloud_POS_Rules::new_user( array( 'email' => $bad ) + $good, $roles ) );
		}
		$this->assertNotInstanceOf( WP_Error::class, Cloud_POS_Rules::new_user( array( 'email' => substr( $long, 1 ) ) + $good, $roles ) );
		foreach ( array( null, '', 'subscriber', 'customer', 'editor', 'Cashier', array( 'cashier' ) ) as $bad ) {
			$this->assertInvalidParam( 'role', $role, Cloud_POS_Rules::new_user( array( 'role' => $bad ) + $good, $roles ) );
		}
		$this->assertInvalidParam(
			'role',
			'role must be one of: administrator, cashier, kiosk.',
			Cloud_POS_Rules::new_user( array( 'role' => 'shop_manager' ) + $good, array( 'administrator', 'cashier', 'kiosk' ) )
		);
	}

	public function test_role_change_wants_a_pos_role_the_site_has(): void {
		$this->assertSame( 'kiosk', Cloud_POS_Rules::role_change( array( 'role' => 'kiosk' ), Cloud_POS_Rules::POS_ROLES ) );
		$reason = 'role must be one of: administrator, shop_manager, cashier, kiosk.';
		foreach ( array( null, array(), array( 'cashier' ), array( 'role' => 'customer' ), array( 'role' => null ) ) as $bad ) {
			$this->assertInvalidParam( 'role', $reason, Cloud_POS_Rules::role_change( $bad, Cloud_POS_Rules::POS_ROLES ) );
		}
	}

	public function test_login_base_is_the_local_part_as_sanitize_user_leaves_it(): void {
		$this->assertSame( 'anna.smithpos', Cloud_POS_Rules::login_base( 'Anna.Smith+pos@example.com' ) );
		$this->assertSame( 'obrien-jr', Cloud_POS_Rules::login_base( "O'Brien-Jr@example.com" ) );
		$this->assertSame( 'kim_lee', Cloud_POS_Rules::login_base( 'Kim_Lee@example.com' ) );
		$this->assertSame( 'ab', Cloud_POS_Rules::login_base( 'a%41b@example.com' ) );
		$this->assertSame( 'xy', Cloud_POS_Rules::login_base( 'x&amp;y@example.com' ) );
		$this->assertSame( 'staff', Cloud_POS_Rules::login_base( '!#$%@example.com' ) );
		$this->assertSame( 'staff', Cloud_POS_Rules::login_base( '{}@example.com' ) );
	}

	public function test_unique_login_appends_a_number_and_fits_sixty_characters(): void {
		$taken = array( 'anna', 'anna-2', 'anna-3' );
		$check = static function ( string $login ) use ( &$taken ): bool {
			return in_array( $login, $taken, true );
		};
		$this->assertSame( 'bob', Cloud_POS_Rules::unique_login( 'bob', $check ) );
		$this->assertSame( 'anna-4', Cloud_POS_Rules::unique_login( 'anna', $check ) );
		$long  = str_repeat( 'x', 70 );
		$first = Cloud_POS_Rules::unique_login( $long, $check );
		$this->assertSame( str_repeat( 'x', 60 ), $first );
		$taken[] = $first;
		$this->assertSame( str_repeat( 'x', 58 ) . '-2', Cloud_POS_Rules::unique_login( $long, $check ) );
		for ( $n = 2; $n <= 9; $n++ ) {
			$taken[] = str_repeat( 'x', 58 ) . "-$n";
		}
		$this->assertSame( str_repeat( 'x', 57 ) . '-10', Cloud_POS_Rules::unique_login( $long, $check ) );
	}

	public function test_staff_routes_want_create_users_or_promote_users(): void {
		$this->assertSame( 'create_users', Cloud_POS_Rules::staff_capability( 'POST' ) );
		$this->assertSame( 'promote_users', Cloud_POS_Rules::staff_capability( 'PUT' ) );
		$this->assertSame( 'promote_users', Cloud_POS_Rules::staff_capability( 'DELETE' ) );
		foreach ( array( 'POST', 'PUT', 'DELETE' ) as $method ) {
			$this->assertNull( Cloud_POS_Rules::staff_capability_problem( $method, true ) );
		}
		$this->assertRefusal( 'rest_cannot_create_user', 'Sorry, you are not allowed to create new users.', Cloud_POS_Rules::staff_capability_problem( 'POST', false ) );
		foreach ( array( 'PUT', 'DELETE' ) as $method ) {
			$this->assertRefusal( 'rest_cannot_edit', 'Sorry, you are not allowed to edit this user.', Cloud_POS_Rules::staff_capability_problem( $method, false ) );
		}
	}

	public function test_a_user_is_changed_only_by_who_may_promote_and_edit_them(): void {
		$this->assertNull( Cloud_POS_Rules::user_edit_problem( true, true ) );
		foreach ( array( array( false, true ), array( true, false ), array( false, false ) ) as $caps ) {
			$this->assertRefusal( 'rest_cannot_edit', 'Sorry, you are not allowed to edit this user.', Cloud_POS_Rules::user_edit_problem( ...$caps ) );
		}
	}

	public function test_a_role_is_given_only_when_editable(): void {
		$all = array_fill_keys( array( 'administrator', 'editor', 'shop_manager', 'customer', 'cashier', 'kiosk' ), array() );
		$this->assertNull( Cloud_POS_Rules::role_grant_problem( 'administrator', $all ) );
		// WooCommerce leaves a shop manager only customer.
		$shop_manager = array( 'customer' => array() );
		foreach ( array( 'administrator', 'shop_manager', 'cashier' ) as $role ) {
			$this->assertRefusal( 'rest_cannot_edit_roles', 'Sorry, you are not allowed to give users that role.', Cloud_POS_Rules::role_grant_problem( $role, $shop_manager ) );
		}
	}

	/**
	 * A 403 refusal with this code and message.
	 *
	 * @param mixed $error What the rule answered.
	 */
	private function assertRefusal( string $code, string $message, $error ): void {
		$this->assertInstanceOf( WP_Error::class, $error );
		$this->assertSame( $code, $error->get_error_code() );
		$this->assertSame( $message, $error->get_error_message() );
		$this->assertSame( array( 'status' => 403 ), $error->get_error_data() );
	}

	public function test_roles_after_a_role_change_and_after_pos_access_is_removed(): void {
		$this->assertSame( array( 'kiosk' ), Cloud_POS_Rules::roles_with_pos_role( array( 'cashier' ), 'kiosk' ) );
		$this->assertSame( array( 'cashier' ), Cloud_POS_Rules::roles_with_pos_role( array( 'cashier' ), 'cashier' ) );
		$this->assertSame( array( 'customer', 'editor', 'shop_manager' ), Cloud_POS_Rules::roles_with_pos_role( array( 'cashier', 'customer', 'kiosk', 'editor' ), 'shop_manager' ) );
		$this->assertSame( array( 'customer' ), Cloud_POS_Rules::roles_without_pos( array( 'cashier' ), 'customer' ) );
		$this->assertSame( array( 'subscriber' ), Cloud_POS_Rules::roles_without_pos( array( 'administrator', 'kiosk' ), 'subscriber' ) );
		$this->assertSame( array( 'editor' ), Cloud_POS_Rules::roles_without_pos( array( 'cashier', 'editor' ), 'customer' ) );
		$this->assertSame( array( 'customer' ), Cloud_POS_Rules::roles_without_pos( array(), 'customer' ) );
	}

	public function test_users_without_takes_one_user_out_of_a_station_list(): void {
		$this->assertNull( Cloud_POS_Rules::users_without( null, 3 ) );
		$this->assertSame( array( 1, 5 ), Cloud_POS_Rules::users_without( array( 1, 3, 5 ), 3 ) );
		$this->assertSame( array(), Cloud_POS_Rules::users_without( array( 3 ), 3 ) );
		$this->assertSame( array( 1, 5 ), Cloud_POS_Rules::users_without( array( 1, 5 ), 3 ) );
	}

	public function test_station_url_keeps_only_http_addresses_of_a_sensible_length(): void {
		$station = 'http://127.0.0.1:4300/demo-book-nook/front-desk';
		$this->assertSame( $station, Cloud_POS_Rules::station_url( $station ) );
		$this->assertSame( 'https://pos.example.com/shop/main', Cloud_POS_Rules::station_url( 'https://pos.example.com/shop/main' ) );
		$long = 'https://pos.example.com/' . str_repeat( 'x', Cloud_POS_Rules::MAX_STATION_URL_LENGTH - 24 );
		$this->assertSame( $long, Cloud_POS_Rules::station_url( $long ) );
		$bad = array(
			'',
			$long . 'x',
			'javascript:alert(1)',
			'data:text/html,hi',
			'ftp://pos.example.com/x',
			'/shop/main',
			'//pos.example.com/x',
			'https://user:secret@pos.example.com/x',
			'https://pos.example.com/a b',
			'https://pos.example.com/"><script>',
			null,
			array( $station ),
		);
		foreach ( $bad as $value ) {
			$this->assertNull( Cloud_POS_Rules::station_url( $value ), var_export( $value, true ) );
		}
	}

	public function test_dashboard_url_is_the_constant_when_usable_else_the_default(): void {
		$default = 'https://dashboard.cloudpos.example';
		$this->assertSame( $default, Cloud_POS_Rules::dashboard_url( null, $default ) );
		$this->assertSame( 'http://127.0.0.1:3000', Cloud_POS_Rules::dashboard_url( 'http://127.0.0.1:3000/', $default ) );
		$this->assertSame( $default, Cloud_POS_Rules::dashboard_url( 'javascript:alert(1)', $default ) );
		$this->assertSame( $default, Cloud_POS_Rules::dashboard_url( 42, $default . '/' ) );
	}

	public function test_register_payment_takes_cash_with_its_tendered_amount_or_a_card_reference(): void {
		$this->assertSame(
			array(
				'method'   => 'cash',
				'tendered' => 2050,
			),
			Cloud_POS_Rules::register_payment(
				array(
					'method'   => 'cash',
					'tendered' => '20.5',
				)
			)
		);
		$this->assertSame(
			array(
				'method'    => 'card',
				'reference' => 'T-8841',
			),
			Cloud_POS_Rules::register_payment(
				array(
					'method'    => 'card',
					'reference' => ' T-8841 ',
				)
			)
		);
		foreach ( array( '-1', '1.999', '1e3', '', 20, null ) as $bad ) {
			$this->assertInvalidParam(
				'payment',
				'payment.tendered must be an amount such as 20.00.',
				Cloud_POS_Rules::register_payment(
					array(
						'method'   => 'cash',
						'tendered' => $bad,
					)
				)
			);
		}
		foreach ( array( ' ', str_repeat( 'x', 65 ), "T\n1", 42 ) as $bad ) {
			$this->assertInvalidParam(
				'payment',
				"payment.reference must be the card terminal's reference (1 to 64 characters).",
				Cloud_POS_Rules::register_payment(
					array(
						'method'    => 'card',
						'reference' => $bad,
					)
				)
			);
		}
		foreach ( array( null, 'cash', array(), array( 'method' => 'cheque' ) ) as $bad ) {
			$this->assertInvalidParam( 'payment', 'payment.method must be cash or card.', Cloud_POS_Rules::register_payment( $bad ) );
		}
	}

	public function test_register_note_is_trimmed_text_of_at_most_1000_characters(): void {
		$this->assertSame( '', Cloud_POS_Rules::register_note( null ) );
		$this->assertSame( "Gift wrap,\nplease", Cloud_POS_Rules::register_note( "  Gift wrap,\nplease " ) );
		$this->assertSame( str_repeat( 'é', 1000 ), Cloud_POS_Rules::register_note( str_repeat( 'é', 1000 ) ) );
		foreach ( array( str_repeat( 'x', 1001 ), "bell\x07", 42, array( 'x' ), "\xff" ) as $bad ) {
			$this->assertInvalidParam( 'note', 'note must be a text of at most 1000 characters.', Cloud_POS_Rules::register_note( $bad ) );
		}
	}

	public function test_register_customer_id_is_a_guest_or_a_positive_whole_number(): void {
		$this->assertSame( 0, Cloud_POS_Rules::register_customer_id( null ) );
		$this->assertSame( 0, Cloud_POS_Rules::register_customer_id( 0 ) );
		$this->assertSame( 15, Cloud_POS_Rules::register_customer_id( 15 ) );
		foreach ( array( -1, '15', 1.5, true ) as $bad ) {
			$this->assertInvalidParam( 'customer_id', 'customer_id must be 0 (a guest) or a customer of this store.', Cloud_POS_Rules::register_customer_id( $bad ) );
		}
	}

	public function test_register_new_customer_needs_a_first_name_and_leaves_the_email_to_woocommerce(): void {
		$this->assertSame(
			array(
				'first_name' => 'Nora',
				'last_name'  => '',
				'email'      => 'nora@example.test',
			),
			Cloud_POS_Rules::register_new_customer(
				array(
					'first_name' => ' Nora ',
					'email'      => ' nora@example.test ',
				)
			)
		);
		foreach ( array( array(), array( 'first_name' => '  ' ), array( 'first_name' => str_repeat( 'x', 101 ) ), array( 'first_name' => "x\x00" ) ) as $bad ) {
			$this->assertInvalidParam( 'first_name', 'first_name is required (at most 100 characters).', Cloud_POS_Rules::register_new_customer( $bad ) );
		}
		$this->assertInvalidParam(
			'last_name',
			'last_name must be at most 100 characters.',
			Cloud_POS_Rules::register_new_customer(
				array(
					'first_name' => 'Nora',
					'last_name'  => 7,
				)
			)
		);
	}

	public function test_register_discount_takes_a_percentage_or_a_fixed_amount_in_cents(): void {
		$this->assertSame(
			array(
				'type'   => 'percent',
				'amount' => 12.5,
			),
			Cloud_POS_Rules::register_discount(
				array(
					'type'   => 'percent',
					'amount' => '12.5',
				),
				'discount'
			)
		);
		$this->assertSame(
			array(
				'type'   => 'fixed',
				'amount' => 500,
			),
			Cloud_POS_Rules::register_discount(
				array(
					'type'   => 'fixed',
					'amount' => '5',
				),
				'discount'
			)
		);
		$bad_ones = array(
			array(
				'type'   => 'percent',
				'amount' => '120',
			),
			array(
				'type'   => 'percent',
				'amount' => '0',
			),
			array(
				'type'   => 'fixed',
				'amount' => '-1',
			),
			array( 'type' => 'free' ),
			'10%',
		);
		foreach ( $bad_ones as $bad ) {
			$this->assertSame(
				'lines[].discount must be a percentage (above 0, at most 100) or a fixed amount such as 5.00.',
				Cloud_POS_Rules::register_discount( $bad, 'lines[].discount' )
			);
		}
	}

	public function test_register_coupons_are_trimmed_lower_case_codes_each_once(): void {
		$this->assertSame( array(), Cloud_POS_Rules::register_coupons( null ) );
		$this->assertSame( array( 'readmore', 'fiveoff' ), Cloud_POS_Rules::register_coupons( array( ' ReadMore ', 'readmore', 'FIVEOFF' ) ) );
		foreach ( array( 'readmore', array( '' ), array( 42 ), array_fill( 0, 11, 'x' ) ) as $bad ) {
			$this->assertInvalidParam( 'coupons', 'coupons must list at most 10 coupon codes.', Cloud_POS_Rules::register_coupons( $bad ) );
		}
	}

	public function test_idempotency_key_is_a_uuid_from_the_header_or_the_body(): void {
		$key = '3f2b8c1e-6d4a-4f8e-9b1c-2a7d5e0f9c31';
		$this->assertNull( Cloud_POS_Rules::idempotency_key( null, null ) );
		$this->assertSame( $key, Cloud_POS_Rules::idempotency_key( strtoupper( $key ), null ) );
		$this->assertSame( $key, Cloud_POS_Rules::idempotency_key( null, " $key " ) );
		$this->assertSame( $key, Cloud_POS_Rules::idempotency_key( $key, strtoupper( $key ) ) );
		$reason = 'idempotency_key must be a UUID such as 3f2b8c1e-6d4a-4f8e-9b1c-2a7d5e0f9c31.';
		$this->assertInvalidParam( 'idempotency_key', $reason, Cloud_POS_Rules::idempotency_key( 'sale-1', null ) );
		$this->assertInvalidParam( 'idempotency_key', $reason, Cloud_POS_Rules::idempotency_key( null, 7 ) );
		$this->assertInvalidParam( 'idempotency_key', $reason, Cloud_POS_Rules::idempotency_key( '', null ) );
		$this->assertInvalidParam( 'idempotency_key', $reason, Cloud_POS_Rules::idempotency_key( $key, '0b6c3f9e-1d2a-4c3b-8e7f-6a5b4c3d2e1f' ) );
		$this->assertInvalidParam( 'idempotency_key', $reason, Cloud_POS_Rules::idempotency_key( "$key-1", null ) );
	}

	public function test_offline_sale_keeps_the_total_the_register_showed(): void {
		$this->assertNull( Cloud_POS_Rules::offline_sale( null ) );
		$this->assertSame( array( 'cloud_pos_offline_shown_total' => '3.00' ), Cloud_POS_Rules::offline_sale( array( 'shown_total' => '3' ) ) );
		$this->assertSame( array( 'cloud_pos_offline_shown_total' => '12.50' ), Cloud_POS_Rules::offline_sale( array( 'shown_total' => '12.5' ) ) );
		$reason = 'offline.shown_total must be an amount such as 20.00.';
		$this->assertInvalidParam( 'offline', $reason, Cloud_POS_Rules::offline_sale( array( 'shown_total' => 'three' ) ) );
		$this->assertInvalidParam( 'offline', $reason, Cloud_POS_Rules::offline_sale( array() ) );
		$this->assertInvalidParam( 'offline', $reason, Cloud_POS_Rules::offline_sale( true ) );
	}
}

<?php
/**
 * @package CloudPOS
 */

use PHPUnit\Framework\TestCase;

/** WooCommerce's order, as far as the sale lock hands it back. */
class WC_Order {
	public function __construct( public int $id ) {}
}

/**
 * The orders whose meta has the sale's key and station: `pos_id:key` => order id.
 *
 * @var array<string, int>
 */
$GLOBALS['cloud_pos_test_orders'] = array();

function wc_get_order( int $id ): WC_Order {
	return new WC_Order( $id );
}

function __( string $text, string $domain = 'default' ): string {
	return $text;
}

/**
 * The tables as the lock uses them through wpdb: INSERT IGNORE inserts only a row that is not
 * there (the unique option_name), the stale lock's DELETE, delete(), and the order lookup in
 * postmeta. `on_insert` plays the other request between two tries.
 */
final class Test_Options_Db {
	public string $options  = 'wp_options';
	public string $prefix   = 'wp_';
	public string $postmeta = 'wp_postmeta';
	public string $posts    = 'wp_posts';
	/** @var array<string, int> */
	public array $rows = array();
	public int $inserts = 0;
	/** @var callable|null */
	public $on_insert = null;

	/** @return array{0: string, 1: list<mixed>} */
	public function prepare( string $query, mixed ...$args ): array {
		return array( $query, $args );
	}

	/** @param array{0: string, 1: list<mixed>} $prepared */
	public function query( array $prepared ): int {
		list( $query, $args ) = $prepared;
		if ( str_starts_with( $query, 'INSERT IGNORE INTO wp_options' ) ) {
			++$this->inserts;
			if ( null !== $this->on_insert ) {
				( $this->on_insert )( $this->inserts );
			}
			if ( isset( $this->rows[ $args[0] ] ) ) {
				return 0;
			}
			$this->rows[ $args[0] ] = (int) $args[1];
			return 1;
		}
		if ( str_starts_with( $query, 'DELETE FROM wp_options' ) && isset( $this->rows[ $args[0] ] ) && $this->rows[ $args[0] ] < $args[1] ) {
			unset( $this->rows[ $args[0] ] );
			return 1;
		}
		return 0;
	}

	/**
	 * The order lookup: the order of `pos_id:key` (its arguments: key meta, key, station meta, station).
	 *
	 * @param array{0: string, 1: list<mixed>} $prepared
	 */
	public function get_var( array $prepared ): ?string {
		list( $query, $args ) = $prepared;
		if ( ! str_starts_with( $query, 'SELECT k.post_id FROM wp_postmeta k' ) || Cloud_POS_Sale_Once::META !== $args[0] || Cloud_POS_Rules::META_STATION !== $args[2] ) {
			throw new LogicException( "unexpected query $query" );
		}
		$found = $GLOBALS['cloud_pos_test_orders'][ $args[3] . ':' . $args[1] ] ?? null;
		return null === $found ? null : (string) $found;
	}

	/** @param array{option_name: string} $where */
	public function delete( string $table, array $where ): int {
		unset( $this->rows[ $where['option_name'] ] );
		return 1;
	}
}

final class SaleOnceTest extends TestCase {

	private const KEY = '3f2b8c1e-6d4a-4f8e-9b1c-2a7d5e0f9c31';

	private Test_Options_Db $db;

	protected function setUp(): void {
		$this->db                         = new Test_Options_Db();
		$GLOBALS['wpdb']                  = $this->db;
		$GLOBALS['cloud_pos_test_orders'] = array();
	}

	/** The lock row of station 7's sale. */
	private function lock(): string {
		return 'cloud_pos_sale_lock_' . md5( '7:' . self::KEY );
	}

	public function test_the_first_request_takes_the_lock_and_frees_it_after(): void {
		$this->assertTrue( Cloud_POS_Sale_Once::acquire( 7, self::KEY ) );
		$this->assertArrayHasKey( $this->lock(), $this->db->rows );
		Cloud_POS_Sale_Once::release( 7, self::KEY );
		$this->assertSame( array(), $this->db->rows );
	}

	public function test_a_sale_made_before_the_lock_is_answered_and_the_lock_freed(): void {
		$GLOBALS['cloud_pos_test_orders'][ '7:' . self::KEY ] = 1042;
		$this->assertEquals( new WC_Order( 1042 ), Cloud_POS_Sale_Once::acquire( 7, self::KEY ) );
		$this->assertSame( array(), $this->db->rows );
	}

	public function test_a_racing_request_waits_for_the_holder_and_answers_its_order(): void {
		$this->db->rows[ $this->lock() ] = time();
		// The holder commits its order while this request waits (its lock not yet deleted).
		$this->db->on_insert = static function ( int $tries ): void {
			if ( 2 === $tries ) {
				$GLOBALS['cloud_pos_test_orders'][ '7:' . self::KEY ] = 1043;
			}
		};
		$this->assertEquals( new WC_Order( 1043 ), Cloud_POS_Sale_Once::acquire( 7, self::KEY ) );
		// The holder's lock is the holder's to free.
		$this->assertArrayHasKey( $this->lock(), $this->db->rows );
	}

	public function test_a_lock_whose_request_died_is_taken_over(): void {
		$this->db->rows[ $this->lock() ] = time() - 120;
		$this->assertTrue( Cloud_POS_Sale_Once::acquire( 7, self::KEY ) );
		$this->assertSame( 2, $this->db->inserts );
		$this->assertGreaterThan( time() - 5, $this->db->rows[ $this->lock() ] );
	}

	public function test_another_stations_sale_with_the_key_is_its_own(): void {
		$GLOBALS['cloud_pos_test_orders'][ '8:' . self::KEY ] = 1044;
		$this->assertTrue( Cloud_POS_Sale_Once::acquire( 7, self::KEY ) );
		$this->assertNull( Cloud_POS_Sale_Once::find( 7, self::KEY ) );
		$this->assertEquals( new WC_Order( 1044 ), Cloud_POS_Sale_Once::find( 8, self::KEY ) );
	}
}

<?php
/**
 * @package CloudPOS
 */

use PHPUnit\Framework\TestCase;

final class RegisterRulesTest extends TestCase {

	private function assertInvalidParam( string $name, string $reason, mixed $result ): void {
		$this->assertInstanceOf( WP_Error::class, $result );
		$this->assertSame( 'rest_invalid_param', $result->get_error_code() );
		$this->assertSame(
			array(
				'status' => 400,
				'params' => array( $name => $reason ),
			),
			$result->get_error_data()
		);
	}

	public function test_tenders_split_the_total_between_cash_with_change_and_a_card(): void {
		$tenders = Cloud_POS_Register_Rules::tenders(
			array(
				array(
					'method'   => 'cash',
					'amount'   => '5',
					'tendered' => '10.00',
				),
				array(
					'method'    => 'card',
					'amount'    => '7.53',
					'reference' => ' T-1 ',
				),
			),
			null,
			1253
		);
		$this->assertSame(
			array(
				array(
					'method'   => 'cash',
					'amount'   => 500,
					'tendered' => 1000,
				),
				array(
					'method'    => 'card',
					'amount'    => 753,
					'reference' => 'T-1',
				),
			),
			$tenders
		);
		$this->assertSame(
			array(
				'id'    => 'pos_split',
				'title' => 'Split: Cash 5.00 + Card 7.53',
			),
			Cloud_POS_Register_Rules::payment_method( $tenders )
		);
		$meta = Cloud_POS_Register_Rules::tender_meta( $tenders );
		$this->assertSame( '10.00', $meta['cloud_pos_cash_tendered'] );
		$this->assertSame( '5.00', $meta['cloud_pos_change_due'] );
		$this->assertSame( 'T-1', $meta['cloud_pos_card_reference'] );
		$this->assertSame(
			array(
				array(
					'method'   => 'cash',
					'amount'   => '5.00',
					'tendered' => '10.00',
					'change'   => '5.00',
				),
				array(
					'method'    => 'card',
					'amount'    => '7.53',
					'reference' => 'T-1',
				),
			),
			json_decode( $meta['cloud_pos_tenders'], true )
		);
		$this->assertSame(
			json_decode( $meta['cloud_pos_tenders'], true ),
			Cloud_POS_Register_Rules::recorded_tenders( $meta, 'pos_split', '12.53' )
		);
	}

	public function test_tenders_take_the_single_payment_of_older_registers(): void {
		$cash = Cloud_POS_Register_Rules::tenders(
			null,
			array(
				'method'   => 'cash',
				'tendered' => '20',
			),
			1253
		);
		$this->assertSame(
			array(
				array(
					'method'   => 'cash',
					'amount'   => 1253,
					'tendered' => 2000,
				),
			),
			$cash
		);
		$this->assertSame( 'Cash', Cloud_POS_Register_Rules::payment_method( $cash )['title'] );
		$short = Cloud_POS_Register_Rules::tenders(
			null,
			array(
				'method'   => 'cash',
				'tendered' => '12.52',
			),
			1253
		);
		$this->assertSame( 'cloud_pos_register_tendered_short', $short->get_error_code() );
		$this->assertSame( 'The cash tendered is less than the total.', $short->get_error_message() );
		$card = Cloud_POS_Register_Rules::tenders(
			null,
			array(
				'method'    => 'card',
				'reference' => 'T-8841',
			),
			1253
		);
		$this->assertSame( 'Card (external terminal)', Cloud_POS_Register_Rules::payment_method( $card )['title'] );
		$this->assertInvalidParam( 'payment', 'payment.method must be cash or card.', Cloud_POS_Register_Rules::tenders( null, null, 1253 ) );
		// An order from before split tender: its tender meta describe it.
		$this->assertSame(
			array(
				array(
					'method'    => 'card',
					'amount'    => '12.53',
					'reference' => 'T-8841',
				),
			),
			Cloud_POS_Register_Rules::recorded_tenders( array( 'cloud_pos_card_reference' => 'T-8841' ), 'pos_card', '12.53' )
		);
	}

	public function test_tenders_must_add_up_to_the_total(): void {
		$short = Cloud_POS_Register_Rules::tenders(
			array(
				array(
					'method' => 'cash',
					'amount' => '5.00',
				),
			),
			null,
			1253
		);
		$this->assertSame( 'cloud_pos_register_tenders_mismatch', $short->get_error_code() );
		$this->assertSame( 'The payments add up to 5.00, not the total of 12.53.', $short->get_error_message() );
		$this->assertSame( array( 'status' => 400 ), $short->get_error_data() );
	}

	public function test_tenders_refuse_what_the_sandbox_refuses(): void {
		$cases = array(
			'tenders must list 1 to 10 payments.'              => array(),
			'tenders[].method must be cash or card.'           => array( array( 'method' => 'cheque' ) ),
			'tenders[].amount must be an amount above 0, such as 20.00.' => array(
				array(
					'method' => 'cash',
					'amount' => '0',
				),
			),
			'tenders[].tendered must be an amount of at least the cash amount.' => array(
				array(
					'method'   => 'cash',
					'amount'   => '12.53',
					'tendered' => '10',
				),
			),
			"tenders[].reference must be the card terminal's reference (1 to 64 characters)." => array(
				array(
					'method'    => 'card',
					'amount'    => '12.53',
					'reference' => "T\n1",
				),
			),
		);
		foreach ( $cases as $reason => $tenders ) {
			$this->assertInvalidParam( 'tenders', $reason, Cloud_POS_Register_Rules::tenders( $tenders, null, 1253 ) );
		}
		$this->assertInvalidParam( 'tenders', 'tenders must list 1 to 10 payments.', Cloud_POS_Register_Rules::tenders( array_fill( 0, 11, array() ), null, 1253 ) );
	}

	public function test_refund_lines_stay_within_the_units_not_yet_refunded(): void {
		$left = array(
			11 => array(
				'name' => 'Cappuccino',
				'left' => 2,
			),
			12 => array(
				'name' => 'Butter Croissant',
				'left' => 0,
			),
		);
		$this->assertSame( array( 11 => 2 ), Cloud_POS_Register_Rules::refund_lines( null, $left ) );
		$this->assertSame(
			array( 11 => 2 ),
			Cloud_POS_Register_Rules::refund_lines(
				array(
					array(
						'line_id'  => 11,
						'quantity' => 1,
					),
					array(
						'line_id'  => 11,
						'quantity' => 1,
					),
				),
				$left
			)
		);
		$this->assertInvalidParam(
			'lines',
			'lines[].quantity must be at most the 0 of Butter Croissant not yet refunded.',
			Cloud_POS_Register_Rules::refund_lines(
				array(
					array(
						'line_id'  => 12,
						'quantity' => 1,
					),
				),
				$left
			)
		);
		$this->assertInvalidParam(
			'lines',
			'lines[].line_id 99 is not a line of this order.',
			Cloud_POS_Register_Rules::refund_lines(
				array(
					array(
						'line_id'  => 99,
						'quantity' => 1,
					),
				),
				$left
			)
		);
		$this->assertInvalidParam(
			'lines',
			'lines[].quantity must be a whole number of at least 1.',
			Cloud_POS_Register_Rules::refund_lines(
				array(
					array(
						'line_id'  => 11,
						'quantity' => '1',
					),
				),
				$left
			)
		);
	}

	public function test_refund_reason_and_report_day(): void {
		$this->assertSame( 'Spilled', Cloud_POS_Register_Rules::refund_reason( ' Spilled ' ) );
		foreach ( array( ' ', str_repeat( 'x', 201 ), "a\x01", null ) as $bad ) {
			$this->assertInvalidParam( 'reason', 'reason must say why, in 1 to 200 characters.', Cloud_POS_Register_Rules::refund_reason( $bad ) );
		}
		$this->assertSame( '2026-11-28', Cloud_POS_Register_Rules::day( null, '2026-11-28' ) );
		$this->assertSame( '2026-02-28', Cloud_POS_Register_Rules::day( '2026-02-28', '2026-11-28' ) );
		foreach ( array( '2026-13-45', '2026-02-30', '28/11/2026', array() ) as $bad ) {
			$this->assertInvalidParam( 'date', 'date must be a day such as 2026-11-28.', Cloud_POS_Register_Rules::day( $bad, '2026-11-28' ) );
		}
	}
}

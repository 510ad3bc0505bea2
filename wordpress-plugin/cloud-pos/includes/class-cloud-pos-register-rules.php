<?php
/**
 * Pure rules of the register's payments and refunds (no WordPress calls but WP_Error), with
 * the sandbox store's texts: the tenders of a sale, the meta and payment method they give the
 * order, the lines of a refund and the day a report asks for.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * What `POST register/{pos_id}/orders`, `POST …/orders/{id}/refunds`, `GET …/sales` and
 * `GET …/summary` accept, as the sandbox store's registerTenders.ts and registerAfterSale.ts.
 */
final class Cloud_POS_Register_Rules {

	/** Order meta: every tender of the sale, JSON `[{method, amount, tendered?, change?, reference?}]`. */
	public const META_TENDERS = 'cloud_pos_tenders';

	/** Order meta of the cash tendered, the change due and the card references (older readers). */
	public const META_TENDERED  = 'cloud_pos_cash_tendered';
	public const META_CHANGE    = 'cloud_pos_change_due';
	public const META_REFERENCE = 'cloud_pos_card_reference';

	/** Most tenders of one sale, and most lines of one refund. */
	public const MAX_TENDERS      = 10;
	public const MAX_REFUND_LINES = 100;

	/**
	 * A decimal amount as the register sends it ("20", "20.5", "20.50") in cents, else null.
	 *
	 * @param mixed $raw The value.
	 */
	public static function cents( $raw ): ?int {
		if ( ! is_string( $raw ) || ! preg_match( '/^\d{1,7}(\.\d{1,2})?$/D', $raw ) ) {
			return null;
		}
		return (int) round( (float) $raw * 100 );
	}

	/**
	 * Cents as the order meta writes them ("12.50").
	 *
	 * @param int $cents The amount.
	 */
	public static function money( int $cents ): string {
		return number_format( $cents / 100, 2, '.', '' );
	}

	/**
	 * A card terminal's reference: trimmed, 1 to 64 characters, no control characters; else null.
	 *
	 * @param mixed $raw The value.
	 */
	private static function reference( $raw ): ?string {
		$reference = is_string( $raw ) ? trim( $raw ) : '';
		if ( '' === $reference || mb_strlen( $reference ) > 64 || preg_match( '/[\p{C}]/u', $reference ) ) {
			return null;
		}
		return $reference;
	}

	/**
	 * The posted `tenders` list in cents, or the error naming `tenders`.
	 *
	 * @param mixed $raw The `tenders` parameter.
	 * @return list<array{method: string, amount: int, tendered?: int, reference?: string}>|WP_Error
	 */
	public static function tender_list( $raw ) {
		if ( ! is_array( $raw ) || array() === $raw || count( $raw ) > self::MAX_TENDERS || ! array_is_list( $raw ) ) {
			return Cloud_POS_Rules::invalid_param( 'tenders', sprintf( 'tenders must list 1 to %d payments.', self::MAX_TENDERS ) );
		}
		$tenders = array();
		foreach ( $raw as $item ) {
			$item   = is_array( $item ) ? $item : array();
			$method = $item['method'] ?? null;
			$amount = self::cents( $item['amount'] ?? null );
			if ( 'cash' !== $method && 'card' !== $method ) {
				return Cloud_POS_Rules::invalid_param( 'tenders', 'tenders[].method must be cash or card.' );
			}
			if ( null === $amount || 0 === $amount ) {
				return Cloud_POS_Rules::invalid_param( 'tenders', 'tenders[].amount must be an amount above 0, such as 20.00.' );
			}
			if ( 'cash' === $method ) {
				$tendered = array_key_exists( 'tendered', $item ) ? self::cents( $item['tendered'] ) : $amount;
				if ( null === $tendered || $tendered < $amount ) {
					return Cloud_POS_Rules::invalid_param( 'tenders', 'tenders[].tendered must be an amount of at least the cash amount.' );
				}
				$tenders[] = array(
					'method'   => 'cash',
					'amount'   => $amount,
					'tendered' => $tendered,
				);
				continue;
			}
			$reference = self::reference( $item['reference'] ?? null );
			if ( null === $reference ) {
				return Cloud_POS_Rules::invalid_param( 'tenders', "tenders[].reference must be the card terminal's reference (1 to 64 characters)." );
			}
			$tenders[] = array(
				'method'    => 'card',
				'amount'    => $amount,
				'reference' => $reference,
			);
		}
		return $tenders;
	}

	/**
	 * The tenders of a sale of `$total_cents`: `tenders` when given, else the single `payment`
	 * of older registers; they must add up to the total exactly (cash tendered above its amount
	 * is change).
	 *
	 * @param mixed $tenders     The `tenders` parameter (null when absent).
	 * @param mixed $payment     The `payment` parameter.
	 * @param int   $total_cents The store's total.
	 * @return list<array{method: string, amount: int, tendered?: int, reference?: string}>|WP_Error
	 */
	public static function tenders( $tenders, $payment, int $total_cents ) {
		if ( null === $tenders ) {
			$single = Cloud_POS_Rules::register_payment( $payment );
			if ( is_wp_error( $single ) ) {
				return $single;
			}
			if ( 'cash' === $single['method'] && $single['tendered'] < $total_cents ) {
				return new WP_Error( 'cloud_pos_register_tendered_short', 'The cash tendered is less than the total.', array( 'status' => 400 ) );
			}
			$list = array(
				'cash' === $single['method']
					? array(
						'method'   => 'cash',
						'amount'   => $total_cents,
						'tendered' => $single['tendered'],
					)
					: array(
						'method'    => 'card',
						'amount'    => $total_cents,
						'reference' => $single['reference'],
					),
			);
		} else {
			$list = self::tender_list( $tenders );
			if ( is_wp_error( $list ) ) {
				return $list;
			}
		}
		$sum = array_sum( array_column( $list, 'amount' ) );
		if ( $sum !== $total_cents ) {
			return new WP_Error(
				'cloud_pos_register_tenders_mismatch',
				sprintf( 'The payments add up to %1$s, not the total of %2$s.', self::money( $sum ), self::money( $total_cents ) ),
				array( 'status' => 400 )
			);
		}
		return $list;
	}

	/**
	 * A tender as the order records it and the register shows it.
	 *
	 * @param array{method: string, amount: int, tendered?: int, reference?: string} $tender The tender.
	 * @return array<string, string>
	 */
	private static function tender_view( array $tender ): array {
		if ( 'cash' === $tender['method'] ) {
			return array(
				'method'   => 'cash',
				'amount'   => self::money( $tender['amount'] ),
				'tendered' => self::money( $tender['tendered'] ),
				'change'   => self::money( $tender['tendered'] - $tender['amount'] ),
			);
		}
		return array(
			'method'    => 'card',
			'amount'    => self::money( $tender['amount'] ),
			'reference' => $tender['reference'],
		);
	}

	/**
	 * WooCommerce's payment method id and title of a sale paid by `$tenders`: pos_cash "Cash",
	 * pos_card "Card (external terminal)", or pos_split "Split: Cash 5.00 + Card 7.53".
	 *
	 * @param list<array{method: string, amount: int}> $tenders The tenders.
	 * @return array{id: string, title: string}
	 */
	public static function payment_method( array $tenders ): array {
		if ( 1 === count( $tenders ) ) {
			return 'cash' === $tenders[0]['method']
				? array(
					'id'    => 'pos_cash',
					'title' => 'Cash',
				)
				: array(
					'id'    => 'pos_card',
					'title' => 'Card (external terminal)',
				);
		}
		$named = array();
		foreach ( $tenders as $tender ) {
			$named[] = ( 'cash' === $tender['method'] ? 'Cash ' : 'Card ' ) . self::money( $tender['amount'] );
		}
		return array(
			'id'    => 'pos_split',
			'title' => 'Split: ' . implode( ' + ', $named ),
		);
	}

	/**
	 * The order meta of `$tenders`: the list (JSON), and the cash tendered, change due and card
	 * references the receipt and older readers know (each only with a tender of its kind).
	 *
	 * @param list<array{method: string, amount: int, tendered?: int, reference?: string}> $tenders The tenders.
	 * @return array<string, string>
	 */
	public static function tender_meta( array $tenders ): array {
		$meta     = array( self::META_TENDERS => (string) wp_json_encode( array_map( array( self::class, 'tender_view' ), $tenders ) ) );
		$tendered = 0;
		$applied  = 0;
		$cash     = false;
		$cards    = array();
		foreach ( $tenders as $tender ) {
			if ( 'cash' === $tender['method'] ) {
				$cash      = true;
				$tendered += $tender['tendered'];
				$applied  += $tender['amount'];
			} else {
				$cards[] = $tender['reference'];
			}
		}
		if ( $cash ) {
			$meta[ self::META_TENDERED ] = self::money( $tendered );
			$meta[ self::META_CHANGE ]   = self::money( $tendered - $applied );
		}
		if ( array() !== $cards ) {
			$meta[ self::META_REFERENCE ] = implode( ', ', $cards );
		}
		return $meta;
	}

	/**
	 * The tenders an order records: its `cloud_pos_tenders` list, else (an order from before
	 * split tender) the one its payment method and tender meta describe.
	 *
	 * @param array<string, string> $meta           The order's tender meta ('' when absent).
	 * @param string                $payment_method The order's payment method.
	 * @param string                $total          The order's total ("12.53").
	 * @return list<array<string, string>>
	 */
	public static function recorded_tenders( array $meta, string $payment_method, string $total ): array {
		$list = json_decode( $meta[ self::META_TENDERS ] ?? '', true );
		if ( is_array( $list ) && array_is_list( $list ) ) {
			return $list;
		}
		$reference = $meta[ self::META_REFERENCE ] ?? '';
		if ( 'pos_card' === $payment_method || '' !== $reference ) {
			return array(
				array_filter(
					array(
						'method'    => 'card',
						'amount'    => $total,
						'reference' => $reference,
					),
					'strlen'
				),
			);
		}
		return array(
			array_filter(
				array(
					'method'   => 'cash',
					'amount'   => $total,
					'tendered' => $meta[ self::META_TENDERED ] ?? '',
					'change'   => $meta[ self::META_CHANGE ] ?? '',
				),
				'strlen'
			),
		);
	}

	/**
	 * A refund's reason: trimmed, 1 to 200 characters, no control characters; else the error.
	 *
	 * @param mixed $raw The `reason` parameter.
	 * @return string|WP_Error
	 */
	public static function refund_reason( $raw ) {
		$reason = is_string( $raw ) ? trim( $raw ) : '';
		if ( '' === $reason || mb_strlen( $reason ) > 200 || preg_match( '/[\p{C}]/u', $reason ) ) {
			return Cloud_POS_Rules::invalid_param( 'reason', 'reason must say why, in 1 to 200 characters.' );
		}
		return $reason;
	}

	/**
	 * The lines of a refund (`[{line_id, quantity}]`), each within the units not yet refunded;
	 * every unit left when none are given. A line named twice is one line.
	 *
	 * @param mixed                                           $raw  The `lines` parameter.
	 * @param array<int, array{name: string, left: int}>      $left The order's lines by id: name and units not yet refunded.
	 * @return array<int, int>|WP_Error Units by line id.
	 */
	public static function refund_lines( $raw, array $left ) {
		if ( null === $raw || array() === $raw ) {
			return array_filter( array_map( static fn( array $line ): int => $line['left'], $left ) );
		}
		if ( ! is_array( $raw ) || count( $raw ) > self::MAX_REFUND_LINES ) {
			return Cloud_POS_Rules::invalid_param( 'lines', sprintf( 'lines must list at most %d lines of the order.', self::MAX_REFUND_LINES ) );
		}
		$lines = array();
		foreach ( $raw as $item ) {
			$id       = is_array( $item ) && isset( $item['line_id'] ) && is_int( $item['line_id'] ) ? $item['line_id'] : null;
			$quantity = is_array( $item ) && isset( $item['quantity'] ) && is_int( $item['quantity'] ) ? $item['quantity'] : 0;
			if ( null === $id || ! isset( $left[ $id ] ) ) {
				$given = is_array( $item ) && isset( $item['line_id'] ) && is_scalar( $item['line_id'] ) ? (string) $item['line_id'] : 'undefined';
				return Cloud_POS_Rules::invalid_param( 'lines', sprintf( 'lines[].line_id %s is not a line of this order.', $given ) );
			}
			if ( $quantity < 1 ) {
				return Cloud_POS_Rules::invalid_param( 'lines', 'lines[].quantity must be a whole number of at least 1.' );
			}
			$asked = $quantity + ( $lines[ $id ] ?? 0 );
			if ( $asked > $left[ $id ]['left'] ) {
				return Cloud_POS_Rules::invalid_param(
					'lines',
					sprintf( 'lines[].quantity must be at most the %1$d of %2$s not yet refunded.', $left[ $id ]['left'], $left[ $id ]['name'] )
				);
			}
			$lines[ $id ] = $asked;
		}
		return $lines;
	}

	/**
	 * The day a report asks for (`date`, YYYY-MM-DD), `$today` when absent; else the error.
	 *
	 * @param mixed  $raw   The `date` parameter.
	 * @param string $today Today in the store's time zone.
	 * @return string|WP_Error
	 */
	public static function day( $raw, string $today ) {
		if ( null === $raw || '' === $raw ) {
			return $today;
		}
		if ( is_string( $raw ) && preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/D', $raw, $parts ) && checkdate( (int) $parts[2], (int) $parts[3], (int) $parts[1] ) ) {
			return $raw;
		}
		return Cloud_POS_Rules::invalid_param( 'date', 'date must be a day such as 2026-11-28.' );
	}
}

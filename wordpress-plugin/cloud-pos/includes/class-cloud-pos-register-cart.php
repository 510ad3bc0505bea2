<?php
/**
 * The register's cart on WooCommerce: variable products and their variations, WooCommerce
 * coupons (WC_Discounts through the order's apply_coupon, WooCommerce's own refusals) and the
 * cashier's line and cart discounts as negative fees, so that WooCommerce computes the tax.
 *
 * @package CloudPOS
 */

defined( 'ABSPATH' ) || exit;

/**
 * What Cloud_POS_Register_API's totals and orders routes do to a cart beyond its products:
 * the sandbox store's registerCart.ts answers the same.
 */
final class Cloud_POS_Register_Cart {

	/** The capability the register's line and cart discounts need (WooCommerce's own). */
	public const DISCOUNT_CAPABILITY = 'edit_shop_orders';

	/** The hidden fee meta naming what a discount fee is for: 'cart' or 'line:{index}'. */
	public const FEE_KEY = '_cloud_pos_discount';

	/**
	 * A product's register view beyond its own item: its type, and a variable product's
	 * attributes and variations (each with its own price, codes and stock).
	 *
	 * @param WC_Product $product The product.
	 * @return array<string, mixed>
	 */
	public static function variable_view( $product ): array {
		if ( ! $product->is_type( 'variable' ) ) {
			return array(
				'type'       => 'simple',
				'attributes' => array(),
				'variations' => array(),
			);
		}
		$labels     = array();
		$attributes = array();
		foreach ( $product->get_variation_attributes() as $name => $options ) {
			$label           = html_entity_decode( wc_attribute_label( $name, $product ), ENT_QUOTES, 'UTF-8' );
			$labels[ $name ] = $label;
			$attributes[]    = array(
				'name'    => $label,
				'options' => array_values(
					array_map(
						static function ( $option ) use ( $name ): string {
							return self::option_name( (string) $name, (string) $option );
						},
						(array) $options
					)
				),
			);
		}
		$variations = array();
		foreach ( $product->get_children() as $child_id ) {
			$variation = wc_get_product( $child_id );
			if ( ! $variation instanceof WC_Product_Variation || ! $variation->variation_is_visible() || ! $variation->is_purchasable() ) {
				continue;
			}
			$chosen = array();
			foreach ( $variation->get_variation_attributes( false ) as $name => $value ) {
				$key = self::attribute_key( (string) $name, $labels );
				// An empty value is WooCommerce's "Any …": the register leaves the attribute open.
				if ( null !== $key && '' !== (string) $value ) {
					$chosen[ $labels[ $key ] ] = self::option_name( $key, (string) $value );
				}
			}
			$variations[] = Cloud_POS_Register_API::item_view( $variation ) + array( 'attributes' => (object) $chosen );
		}
		return array(
			'type'       => 'variable',
			'attributes' => $attributes,
			'variations' => $variations,
		);
	}

	/**
	 * The attribute of `$labels` that a variation's attribute key names (WooCommerce keeps a
	 * variation's custom attributes under their sanitized name).
	 *
	 * @param string               $name   The variation's attribute key.
	 * @param array<string,string> $labels The product's attributes, key → label.
	 */
	private static function attribute_key( string $name, array $labels ): ?string {
		foreach ( array_keys( $labels ) as $key ) {
			if ( (string) $key === $name || sanitize_title( (string) $key ) === $name ) {
				return (string) $key;
			}
		}
		return null;
	}

	/**
	 * An attribute option as the store shows it: a term's name for a global attribute, the
	 * text itself for a custom one.
	 *
	 * @param string $attribute The attribute (a taxonomy such as pa_colour, or a custom name).
	 * @param string $option    The option (a term slug, or the text).
	 */
	private static function option_name( string $attribute, string $option ): string {
		if ( taxonomy_exists( $attribute ) ) {
			$term = get_term_by( 'slug', $option, $attribute );
			if ( $term instanceof WP_Term ) {
				return html_entity_decode( $term->name, ENT_QUOTES, 'UTF-8' );
			}
		}
		return html_entity_decode( $option, ENT_QUOTES, 'UTF-8' );
	}

	/**
	 * The item a cart line sells: a simple product, or the variation of a variable product
	 * (`variation_id`); else the reason.
	 *
	 * @param int   $id           The line's product_id.
	 * @param mixed $variation_id The line's variation_id.
	 * @return WC_Product|string
	 */
	public static function sold_item( int $id, $variation_id ) {
		$product = $id > 0 ? wc_get_product( $id ) : null;
		$missing = sprintf( 'lines[].product_id %s is not a product of this store.', (string) $id );
		if ( ! $product instanceof WC_Product || 'publish' !== $product->get_status() || $product->is_type( 'variation' ) ) {
			return $missing;
		}
		if ( ! $product->is_type( 'variable' ) ) {
			if ( null !== $variation_id && 0 !== $variation_id ) {
				return $missing;
			}
			return $product->is_purchasable() ? $product : $missing;
		}
		$variation = is_int( $variation_id ) && $variation_id > 0 ? wc_get_product( $variation_id ) : null;
		if ( ! $variation instanceof WC_Product_Variation || $variation->get_parent_id() !== $product->get_id() || ! $variation->is_purchasable() ) {
			return sprintf( 'lines[].variation_id must be one of the variations of %s.', html_entity_decode( $product->get_name(), ENT_QUOTES, 'UTF-8' ) );
		}
		return $variation;
	}

	/**
	 * The refusal of a discount to a store user without the capability, or null.
	 *
	 * @param array{lines: list<array<string, mixed>>, discount: array<string, mixed>|null} $cart The cart.
	 */
	public static function discount_refusal( array $cart ): ?WP_Error {
		$any = null !== $cart['discount'];
		foreach ( $cart['lines'] as $line ) {
			$any = $any || null !== $line['discount'];
		}
		if ( ! $any || current_user_can( self::DISCOUNT_CAPABILITY ) ) {
			return null;
		}
		return new WP_Error(
			'cloud_pos_register_cannot_discount',
			__( 'Sorry, you are not allowed to give discounts: it takes a store manager (WooCommerce’s edit_shop_orders capability).', 'cloud-pos' ),
			array( 'status' => 403 )
		);
	}

	/**
	 * Applies the coupons to the order through WooCommerce (WC_Discounts' checks), then the
	 * cashier's discounts as negative fees; the caller computes the totals after. A coupon
	 * WooCommerce refuses is its own text, as a 400.
	 *
	 * @param WC_Order                                                                                        $order The order, its products added.
	 * @param array{lines: list<array<string, mixed>>, coupons: list<string>, discount: array<string, mixed>|null} $cart  The cart.
	 * @return true|WP_Error
	 */
	public static function adjust( $order, array $cart ) {
		// An order that is never saved applies them without recording their usage.
		$outcomes = method_exists( $order, 'preview_coupons' )
			? array( $order->preview_coupons( $cart['coupons'] ) )
			: array_map( array( $order, 'apply_coupon' ), $cart['coupons'] );
		foreach ( $outcomes as $applied ) {
			if ( is_wp_error( $applied ) ) {
				// WooCommerce's texts are escaped HTML (esc_html__, wc_price): the register shows text.
				$text = wp_strip_all_tags( html_entity_decode( $applied->get_error_message(), ENT_QUOTES, 'UTF-8' ) );
				return new WP_Error( 'woocommerce_rest_invalid_coupon', $text, array( 'status' => 400 ) );
			}
		}
		$discounted = null !== $cart['discount'];
		foreach ( $cart['lines'] as $line ) {
			$discounted = $discounted || null !== $line['discount'];
		}
		if ( ! $discounted ) {
			return true;
		}
		// The lines' taxes (apply_coupon computed them when there was a coupon): a discount is of
		// the money as the store shows it.
		$order->calculate_totals( true );
		$incl  = 'incl' === get_option( 'woocommerce_tax_display_cart' );
		$items = array_values( $order->get_items() );
		$left  = 0.0;
		foreach ( $items as $item ) {
			$left += (float) $item->get_total() + ( $incl ? (float) $item->get_total_tax() : 0.0 );
		}
		foreach ( $cart['lines'] as $index => $line ) {
			$item = $items[ $index ] ?? null;
			if ( null === $line['discount'] || ! $item instanceof WC_Order_Item_Product ) {
				continue;
			}
			$base  = (float) $item->get_subtotal() + ( $incl ? (float) $item->get_subtotal_tax() : 0.0 );
			$off   = min( self::discount_amount( $line['discount'], $base ), $left );
			$left -= $off;
			self::add_fee( $order, 'line:' . $index, self::fee_name( __( 'Discount: ', 'cloud-pos' ) . $item->get_name(), $line['discount'] ), $off, $incl );
		}
		if ( null !== $cart['discount'] ) {
			$off = self::discount_amount( $cart['discount'], $left );
			self::add_fee( $order, 'cart', self::fee_name( __( 'Cart discount', 'cloud-pos' ), $cart['discount'] ), $off, $incl );
		}
		return true;
	}

	/**
	 * A discount's amount on `$base` (money as the store shows it), never more than the base.
	 *
	 * @param array{type: string, amount: float|int} $discount The discount (fixed in cents).
	 * @param float                                   $base     What it is taken off.
	 */
	private static function discount_amount( array $discount, float $base ): float {
		$decimals = wc_get_price_decimals();
		$amount   = 'percent' === $discount['type'] ? round( $base * (float) $discount['amount'] / 100, $decimals ) : $discount['amount'] / 100;
		return max( 0.0, min( (float) $amount, round( $base, $decimals ) ) );
	}

	/**
	 * A fee's name: what it is for, and its percentage.
	 *
	 * @param string                                $what     E.g. "Cart discount".
	 * @param array{type: string, amount: float|int} $discount The discount.
	 */
	private static function fee_name( string $what, array $discount ): string {
		return 'percent' === $discount['type'] ? sprintf( '%s (%s%%)', $what, wc_format_decimal( $discount['amount'] ) ) : $what;
	}

	/**
	 * Adds a negative, taxable fee of `$off`. A fee's total is before tax and WooCommerce adds
	 * its tax (split over the order's rates): when the store shows prices with tax, the
	 * amount is taken back to before tax by WooCommerce's own rates, so the cashier's
	 * "5.00 off" is 5.00 off the total.
	 *
	 * @param WC_Order $order The order.
	 * @param string   $key   'cart' or 'line:{index}'.
	 * @param string   $name  The fee's name.
	 * @param float    $off   The discount, as the store shows money.
	 * @param bool     $incl  Whether the store shows prices with tax.
	 */
	private static function add_fee( $order, string $key, string $name, float $off, bool $incl ): void {
		if ( $off <= 0 ) {
			return;
		}
		$net = $off;
		if ( $incl && wc_tax_enabled() ) {
			$net = $off - array_sum( WC_Tax::calc_tax( $off, WC_Tax::get_base_tax_rates(), true ) );
		}
		$fee = 0 === $order->get_id() ? self::preview_fee( $order ) : new WC_Order_Item_Fee();
		$fee->set_name( $name );
		$fee->set_tax_status( 'taxable' );
		$fee->set_tax_class( '' );
		$fee->set_amount( (string) -$net );
		$fee->set_total( (string) -$net );
		$fee->add_meta_data( self::FEE_KEY, $key, true );
		$order->add_item( $fee );
	}

	/**
	 * A fee of an order that is never saved: WooCommerce splits a negative fee's tax over the
	 * rates of the fee's order, which it loads by id; this fee gives it the unsaved order, so
	 * the totals shown are those the saved order will have.
	 *
	 * @param WC_Order $order The unsaved order.
	 */
	private static function preview_fee( $order ): WC_Order_Item_Fee {
		$fee = new class() extends WC_Order_Item_Fee {
			/**
			 * The unsaved order the fee belongs to.
			 *
			 * @var WC_Order|null
			 */
			public $preview_order = null;

			/**
			 * The unsaved order (an item of a saved order loads its order by id).
			 *
			 * @return WC_Order|false
			 */
			public function get_order() {
				return null === $this->preview_order ? parent::get_order() : $this->preview_order;
			}
		};
		$fee->preview_order = $order;
		return $fee;
	}

	/**
	 * The coupons and discount fees of a computed order, and its totals, as the register
	 * shows them (money as the store shows it: with tax when it shows prices with tax).
	 *
	 * @param WC_Order $order The computed order.
	 * @return array<string, mixed>
	 */
	public static function adjustments_view( $order ): array {
		$decimals = wc_get_price_decimals();
		$incl     = 'incl' === get_option( 'woocommerce_tax_display_cart' );
		$coupons  = array();
		foreach ( $order->get_items( 'coupon' ) as $coupon ) {
			$coupons[] = array(
				'code'     => (string) $coupon->get_code(),
				'discount' => wc_format_decimal( (float) $coupon->get_discount() + ( $incl ? (float) $coupon->get_discount_tax() : 0.0 ), $decimals ),
			);
		}
		$fees = array();
		foreach ( $order->get_fees() as $fee ) {
			$fees[] = array(
				'key'   => (string) $fee->get_meta( self::FEE_KEY, true ),
				'name'  => html_entity_decode( $fee->get_name(), ENT_QUOTES, 'UTF-8' ),
				'total' => wc_format_decimal( (float) $fee->get_total() + ( $incl ? (float) $fee->get_total_tax() : 0.0 ), $decimals ),
			);
		}
		return array(
			'coupons'        => $coupons,
			'fees'           => $fees,
			'discount_total' => wc_format_decimal( (float) $order->get_discount_total() + ( $incl ? (float) $order->get_discount_tax() : 0.0 ), $decimals ),
		);
	}
}

// The WordPress and WooCommerce versions the sandbox store says it runs (REST index, system
// status, the webhooks' User-Agent).

export const WC_VERSION = '10.3.0';
export const WP_VERSION = '6.8';

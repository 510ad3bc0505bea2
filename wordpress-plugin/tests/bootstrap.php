<?php
/**
 * Loads the plugin's pure classes without WordPress, with small stand-ins for the few
 * WordPress functions they call (same behaviour on the inputs the tests use).
 *
 * @package CloudPOS
 */

define( 'ABSPATH', __DIR__ . '/' );
define( 'HOUR_IN_SECONDS', 3600 );
define( 'MINUTE_IN_SECONDS', 60 );
define( 'CLOUD_POS_DEFAULT_API_ORIGIN', '' );

/**
 * WordPress's error object, as far as the plugin reads it.
 */
class WP_Error {
	/** @var array<string, mixed> */
	private array $data;

	public function __construct( private string $code = '', private string $message = '', mixed $data = null ) {
		$this->data = is_array( $data ) ? $data : array();
	}

	public function get_error_code(): string {
		return $this->code;
	}

	public function get_error_message(): string {
		return $this->message;
	}

	/** @return array<string, mixed> */
	public function get_error_data(): array {
		return $this->data;
	}
}

function is_wp_error( mixed $thing ): bool {
	return $thing instanceof WP_Error;
}

function absint( mixed $value ): int {
	return abs( (int) $value );
}

function wp_parse_url( string $url, int $component = -1 ): mixed {
	return parse_url( $url, $component );
}

/** WordPress's sanitize_text_field for valid UTF-8: no tags, no octets, one-line, trimmed. */
function sanitize_text_field( mixed $value ): string {
	$text = strip_tags( (string) $value );
	$text = preg_replace( '/[\r\n\t ]+/', ' ', $text );
	$text = preg_replace( '/%[a-f0-9]{2}/i', '', $text );
	return trim( preg_replace( '/ +/', ' ', $text ) );
}

/** @param list<string>|null $protocols */
function esc_url_raw( string $url, ?array $protocols = null ): string {
	$scheme = strtolower( (string) parse_url( $url, PHP_URL_SCHEME ) );
	return null !== $protocols && ! in_array( $scheme, $protocols, true ) ? '' : str_replace( ' ', '%20', $url );
}

/** WordPress's is_email() (without its filter): the address, or false. */
function is_email( string $email ): string|false {
	if ( strlen( $email ) < 6 || false === strpos( $email, '@', 1 ) ) {
		return false;
	}
	list( $local, $domain ) = explode( '@', $email, 2 );
	if ( ! preg_match( '/^[a-zA-Z0-9!#$%&\'*+\/=?^_`{|}~\.-]+$/', $local ) || preg_match( '/\.{2,}/', $domain ) ) {
		return false;
	}
	if ( trim( $domain, " \t\n\r\0\x0B." ) !== $domain ) {
		return false;
	}
	$subs = explode( '.', $domain );
	if ( 2 > count( $subs ) ) {
		return false;
	}
	foreach ( $subs as $sub ) {
		if ( trim( $sub, " \t\n\r\0\x0B-" ) !== $sub || ! preg_match( '/^[a-z0-9-]+$/i', $sub ) ) {
			return false;
		}
	}
	return $email;
}

/** WordPress's sanitize_user() (without its filter) for ASCII input. */
function sanitize_user( string $username, bool $strict = false ): string {
	$username = strip_tags( $username );
	$username = preg_replace( '|%([a-fA-F0-9][a-fA-F0-9])|', '', $username );
	$username = preg_replace( '/&.+?;/', '', $username );
	if ( $strict ) {
		$username = preg_replace( '|[^a-z0-9 _.\-@]|i', '', $username );
	}
	return preg_replace( '|\s+|', ' ', trim( $username ) );
}

/** WordPress's wp_json_encode for the values the tests use: json_encode. */
function wp_json_encode( mixed $data ): string|false {
	return json_encode( $data );
}

// Every include only declares classes, so all load: a broken interface or signature fails here.
foreach ( glob( dirname( __DIR__ ) . '/cloud-pos/includes/class-*.php' ) as $cloud_pos_file ) {
	require_once $cloud_pos_file;
}
require_once __DIR__ . '/support/class-test-keys.php';

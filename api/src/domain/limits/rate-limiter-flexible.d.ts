// rate-limiter-flexible types RateLimiterStoreAbstract, the base its documentation tells new
// stores to extend, but its index does not export the class: stores load it by path, as the
// library's own do.
declare module 'rate-limiter-flexible/lib/RateLimiterStoreAbstract' {
  import { RateLimiterStoreAbstract } from 'rate-limiter-flexible';
  export = RateLimiterStoreAbstract;
}

// Stands in for axios's fetch adapter (axios/lib/adapters/fetch.js) in the browser builds
// (withoutAxiosFetchAdapter in federation.cjs). axios tries its adapters in the order
// ['xhr', 'http', 'fetch'] and every browser the product supports has XMLHttpRequest, so the
// fetch adapter (about 2 KB gzip of the signed-in shell) never ran. Here it reports itself not
// supported by the environment, axios's own answer for an adapter it cannot use.
export const getFetch = () => false;

export default false;

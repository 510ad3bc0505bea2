export { AuthFailureNotice } from './AuthFailureNotice';

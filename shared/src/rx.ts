// The one way a front end reaches RxJS, shared as a singleton like the router (./router.ts): the
// bus's Observables exist once, and the build keeps only the operators named here.
export { BehaviorSubject, Observable, Subject, filter, map } from 'rxjs';
export type { Subscription } from 'rxjs';

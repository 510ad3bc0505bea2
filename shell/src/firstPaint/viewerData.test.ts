import {
  scriptSafeJson,
  takeEmbeddedViewer,
  VIEWER_DATA_ID,
  viewerDataElement,
} from './viewerData';

const viewer = {
  settings: { userRole: 'manager', quickLaunchPOSIds: {} },
  user: { fullName: 'A', email: 'a@test', isVerified: true, registeredAt: '2026-01-01' },
  isBanned: false,
  subscription: { plan: null, isHavePaymentMethod: false, usage: null },
};

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('scriptSafeJson', () => {
  it('writes <, >, &, U+2028 and U+2029 as escapes, and reads back the same value', () => {
    const value = { text: '</script><!-- & \u2028\u2029 >' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('takeEmbeddedViewer', () => {
  const put = () => {
    document.body.innerHTML = viewerDataElement({ sub: 'usr_a', viewer } as never);
  };

  it('gives the account to its own session while fresh, once', () => {
    put();
    expect(takeEmbeddedViewer(document, 'usr_a', 100)).toEqual(viewer);
    expect(document.getElementById(VIEWER_DATA_ID)).toBeNull();
    expect(takeEmbeddedViewer(document, 'usr_a', 100)).toBeNull();
  });

  it('gives nothing to another session, without a session, or once stale', () => {
    for (const [sub, age] of [
      ['usr_b', 100],
      [null, 100],
      ['usr_a', 60_000],
    ] as const) {
      put();
      expect(takeEmbeddedViewer(document, sub, age)).toBeNull();
      expect(document.getElementById(VIEWER_DATA_ID)).toBeNull();
    }
  });
});

import { taskActionOf } from './taskAction';

const none = { completionLink: null, externalLink: null, iframeLink: null };

describe('taskActionOf', () => {
  it('goes to a completionLink of the dashboard through the router', () => {
    expect(taskActionOf({ ...none, completionLink: '/applications/app-1/stations' })).toEqual({
      kind: 'navigate',
      to: '/applications/app-1/stations',
    });
  });

  it('opens an externalLink in a new tab and an iframeLink in the overlay', () => {
    expect(taskActionOf({ ...none, externalLink: 'https://docs.cloudpos.example/start' })).toEqual({
      kind: 'external',
      href: 'https://docs.cloudpos.example/start',
    });
    expect(taskActionOf({ ...none, iframeLink: 'https://guide.cloudpos.example/tour' })).toEqual({
      kind: 'iframe',
      url: 'https://guide.cloudpos.example/tour',
    });
  });

  it("takes the spec's order when a task has several: completionLink, externalLink, iframeLink", () => {
    const all = {
      completionLink: '/stations',
      externalLink: 'https://docs.cloudpos.example/stations',
      iframeLink: 'https://guide.cloudpos.example/stations',
    };
    expect(taskActionOf(all)?.kind).toBe('navigate');
    expect(taskActionOf({ ...all, completionLink: null })?.kind).toBe('external');
    expect(taskActionOf({ ...all, completionLink: null, externalLink: null })?.kind).toBe('iframe');
  });

  it('never makes a link of anything else: other origins through the router, javascript:, data:', () => {
    expect(taskActionOf({ ...none, completionLink: '//evil.example/x' })).toBeNull();
    expect(taskActionOf({ ...none, completionLink: '/\\evil.example' })).toBeNull();
    expect(taskActionOf({ ...none, completionLink: 'https://evil.example' })).toBeNull();
    expect(taskActionOf({ ...none, externalLink: 'javascript:alert(1)' })).toBeNull();
    expect(taskActionOf({ ...none, iframeLink: 'data:text/html,hi' })).toBeNull();
    expect(taskActionOf({ ...none, iframeLink: '/relative/guide' })).toBeNull();
    expect(taskActionOf(none)).toBeNull();
  });
});

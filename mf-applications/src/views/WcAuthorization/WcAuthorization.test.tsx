import { act, screen } from '@testing-library/react';
import { authorizedApplication, createFakeApi, sampleApplication } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import type { Application } from '../../types';
import { WcAuthorization } from './WcAuthorization';

const inProgress = sampleApplication({ authInProgress: true });
const location = () => screen.getByTestId('location');

/** Lets the fake api answer and React render. */
const settle = () => act(async () => {});

/** A fake api whose GET answers come from `answers` in order (the last one repeats). */
function pollingApi(answers: Array<Application | 'fail'>) {
  let calls = 0;
  return createFakeApi((request) => {
    if (request.method === 'PUT') return { status: 200, data: { data: { authInProgress: false } } };
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return answer === 'fail'
      ? { status: 502, data: { message: 'Bad gateway' } }
      : { status: 200, data: { data: answer } };
  });
}

describe('WcAuthorization', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('polls every 500 ms and leaves for the application once authInProgress is false', async () => {
    const { api, requests } = pollingApi([inProgress, inProgress, authorizedApplication]);
    const { bubbles } = renderWithParcel(<WcAuthorization />, {
      api,
      path: '/wc-authorization?applicationId=app_coffee&success=1&user_id=app_coffee',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Authorizing' })).toBeInTheDocument();
    expect(screen.getByText('Connecting to your store…')).toBeInTheDocument();
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', url: 'applications/app_coffee' });

    await act(async () => jest.advanceTimersByTime(499));
    expect(requests).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(requests).toHaveLength(2);
    expect(location()).toHaveTextContent('/wc-authorization');

    await act(async () => jest.advanceTimersByTime(500));
    await settle();
    expect(requests).toHaveLength(3);
    expect(location()).toHaveTextContent(/^\/applications\/app_coffee$/);
    expect(bubbles).toEqual([
      { message: 'Demo Coffee Roasters was authorized.', status: 'success' },
    ]);

    await act(async () => jest.advanceTimersByTime(2000));
    expect(requests).toHaveLength(3);
  });

  it('stops after 30 s without the store’s callback and says the likely causes, with the callback address', async () => {
    const stuck = sampleApplication({
      authInProgress: true,
      authCallbackUrl: 'https://pos.example.com:4443/wc-authorize',
    });
    const { api, requests } = pollingApi([stuck]);
    renderWithParcel(<WcAuthorization />, {
      api,
      path: '/wc-authorization?applicationId=app_coffee&success=1&user_id=app_coffee',
    });
    await settle();
    await act(async () => jest.advanceTimersByTime(29_500));
    await settle();
    expect(screen.getByText('Connecting to your store…')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1_000));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The authorization started on 127.0.0.1:4201 has not come back. Most likely the store could not reach the callback address https://pos.example.com:4443/wc-authorize',
    );
    expect(screen.queryByText('Connecting to your store…')).not.toBeInTheDocument();
    const polls = requests.length;
    await act(async () => jest.advanceTimersByTime(5_000));
    expect(requests).toHaveLength(polls);
    expect(location()).toHaveTextContent('/wc-authorization');
    expect(screen.getByRole('link', { name: 'Back to Demo Coffee Roasters' })).toHaveAttribute(
      'href',
      '/applications/app_coffee',
    );
  });

  it('leaves for the application when a fetch fails', async () => {
    const { api, requests } = pollingApi([inProgress, 'fail']);
    renderWithParcel(<WcAuthorization />, {
      api,
      path: '/wc-authorization?user_id=app_coffee',
    });
    await settle();
    await act(async () => jest.advanceTimersByTime(500));
    await settle();
    expect(requests).toHaveLength(2);
    expect(location()).toHaveTextContent(/^\/applications\/app_coffee$/);
  });

  it('drops the authorization and tells the WP side error when the store says success=0', async () => {
    const { api, requests } = pollingApi([inProgress]);
    const { bubbles } = renderWithParcel(<WcAuthorization />, {
      api,
      path: '/wc-authorization?applicationId=app_coffee&success=0&user_id=app_coffee',
    });
    await settle();
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: 'applications/app_coffee/auth-status',
        body: { authInProgress: false },
      }),
    ]);
    expect(bubbles).toEqual([
      {
        message: 'Unable to process your request due to a temporary issue on WP side',
        status: 'info',
      },
    ]);
    expect(location()).toHaveTextContent(/^\/applications\/app_coffee$/);
  });

  it('tells the server error in a danger bubble when dropping a denied authorization fails', async () => {
    const { api } = createFakeApi((request) =>
      request.method === 'PUT'
        ? { status: 503, data: { message: 'The database is busy' } }
        : { status: 200, data: { data: inProgress } },
    );
    const { bubbles } = renderWithParcel(<WcAuthorization />, {
      api,
      path: '/wc-authorization?applicationId=app_coffee&success=0&user_id=app_coffee',
    });
    await settle();
    expect(bubbles).toEqual([
      {
        message: 'Unable to process your request due to a temporary issue on WP side',
        status: 'info',
      },
      { message: 'The database is busy', status: 'danger' },
    ]);
    expect(location()).toHaveTextContent(/^\/applications\/app_coffee$/);
  });

  it('stops polling when the page is left', async () => {
    const { api, requests } = pollingApi([inProgress]);
    const { unmount } = renderWithParcel(<WcAuthorization />, {
      api,
      path: '/wc-authorization?applicationId=app_coffee&success=1&user_id=app_coffee',
    });
    await settle();
    expect(requests).toHaveLength(1);
    unmount();
    await act(async () => jest.advanceTimersByTime(2000));
    expect(requests).toHaveLength(1);
  });

  it('goes to the list without an application id', async () => {
    const { api, requests } = pollingApi([inProgress]);
    renderWithParcel(<WcAuthorization />, { api, path: '/wc-authorization' });
    await settle();
    expect(location()).toHaveTextContent(/^\/applications$/);
    expect(requests).toHaveLength(0);
  });
});

// Schemas of the routes in ../stations.ts: an application's stations, the slug change and the
// stations shared with the caller.
import { Type } from '@sinclair/typebox';
import { DISPLAY_TEXT } from '../../../plugins/validation';
import type { Static } from '@sinclair/typebox';
import { authErrors, ErrorAnswer, Ref } from '../../common';
import {
  ApplicationParams,
  managerErrors,
  SharedStationGroupSchema,
  StationSchema,
  TAGS,
} from './entities';

export const stationsSchema = {
  tags: TAGS,
  summary: "The application's stations, live from the store, with their cloud POS slugs",
  description:
    "`access` tells whether the application's connected WordPress account may open the station.",
  params: ApplicationParams,
  response: {
    200: Type.Object(
      {
        application: Type.Object(
          { id: Type.String(), name: Type.String(), homeUrl: Type.String(), slug: Type.String() },
          { additionalProperties: false },
        ),
        list: Type.Array(Ref(StationSchema)),
        pluginMissing: Type.Boolean({
          description: 'The store lacks the Cloud POS plugin; `list` is then empty',
        }),
      },
      { additionalProperties: false },
    ),
    ...managerErrors,
    409: ErrorAnswer,
    502: ErrorAnswer,
  },
};

export const UpdateSlugBody = Type.Object(
  {
    stationId: Type.String({ pattern: '^[0-9]{1,18}$', description: "The station's posID" }),
    stationSlug: Type.String({
      maxLength: 200,
      description: "The new slug: 'pos' turns Default on, the posID resets, else a custom slug",
      [DISPLAY_TEXT]: true,
    }),
    stationName: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      [DISPLAY_TEXT]: true,
    }),
    oldStationSlug: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The slug the caller saw (compare-and-set)',
    }),
  },
  { additionalProperties: false },
);
export type UpdateSlugBody = Static<typeof UpdateSlugBody>;

export const updateSlugSchema = {
  tags: TAGS,
  summary: "Sets a station's cloud POS slug (custom, default 'pos', or back to its id)",
  params: ApplicationParams,
  body: UpdateSlugBody,
  response: {
    200: Type.Object(
      { stationId: Type.String(), stationSlug: Type.String() },
      { additionalProperties: false },
    ),
    ...managerErrors,
    409: ErrorAnswer,
    502: ErrorAnswer,
  },
};

export const sharedStationsSchema = {
  tags: TAGS,
  summary: "Stations of other users' applications whose store lists the caller's email",
  description:
    'A store that cannot be reached is left out of the list; so is one without the Cloud POS ' +
    'plugin, counted in `pluginMissingCount`. The stations of a blocked owner, or of one whose ' +
    'plan is at its order limit, are listed with `unavailable` saying why none of them opens.',
  response: {
    200: Type.Object(
      {
        list: Type.Array(Ref(SharedStationGroupSchema)),
        pluginMissingCount: Type.Integer({
          minimum: 0,
          description: 'Stores left out because they lack the Cloud POS plugin',
        }),
      },
      { additionalProperties: false },
    ),
    ...authErrors,
  },
};

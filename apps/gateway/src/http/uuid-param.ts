import { ParseUUIDPipe } from '@nestjs/common';

/** The pipe of every path parameter that is an id: anything but a UUID answers 400 (`BAD_ID`). */
export const uuid = new ParseUUIDPipe();

/** What `uuid` answers for an id that is not a UUID, as `@ApiErrors` documents it. */
export const BAD_ID: [number, string] = [400, 'The id is not a UUID'];

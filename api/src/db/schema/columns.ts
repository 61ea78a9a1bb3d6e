/** Column types the table types share. */
import type { ColumnType } from 'kysely';

/** Timestamps: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default. */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string (both drivers accept text for jsonb). */
export type Json<T> = ColumnType<T, string, string>;

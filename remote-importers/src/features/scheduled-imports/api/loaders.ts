// Data the import screens need before they open (used by the route loaders).
import { isApiError, toast } from 'shared';
import { parseImporterId, summarise, type Importer, type ImporterSummary } from '../model/importer';
import { fetchImporter, fetchImporters } from './importersApi';

export interface ImporterListData {
  importers: Importer[];
  /** Message of a failed load (also shown as an error toast); the list is then empty. */
  error: string | null;
}

export interface ImporterEditorData {
  /** What to show; null when the import does not exist or could not be loaded. */
  summary: ImporterSummary | null;
  /** The :id of the route (null in create mode). */
  requestedId: string | null;
  error: string | null;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** Spec section 8: transport errors on the import calls show as a toast. */
function fail(error: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) throw error; // a newer navigation replaced this one
  const message = messageOf(error);
  // A 401 ends the session: the shell sends the user to the login page, no toast needed.
  if (!(isApiError(error) && error.status === 401)) toast.error(message);
  return message;
}

export async function loadImporterList(signal?: AbortSignal): Promise<ImporterListData> {
  try {
    return { importers: await fetchImporters(signal), error: null };
  } catch (error) {
    return { importers: [], error: fail(error, signal) };
  }
}

/** Create mode without an id; edit mode loads the import (a bad or unknown id: summary null). */
export async function loadImporterEditor(rawId: string | undefined, signal?: AbortSignal): Promise<ImporterEditorData> {
  if (rawId === undefined) return { summary: summarise(null), requestedId: null, error: null };
  const id = parseImporterId(rawId);
  if (id === null) return { summary: null, requestedId: rawId, error: null };
  try {
    const importer = await fetchImporter(id, signal);
    return { summary: importer ? summarise(importer) : null, requestedId: rawId, error: null };
  } catch (error) {
    return { summary: null, requestedId: rawId, error: fail(error, signal) };
  }
}

// Data the import screens need before they open (used by the route loaders).
import { fetchCategoryTree, fetchCountries, isApiError, toast, type CategoryNode, type Country } from 'shared';
import { parseImporterId, type Importer } from '../model/importer';
import { fetchContentTypes, fetchCreators, fetchImporter, fetchImporters, fetchPlugins, type Option } from './importersApi';

const fetchTopics = (signal?: AbortSignal) => fetchCategoryTree({ signal });

export interface ImporterListData {
  importers: Importer[];
  /** Message of a failed load (also shown as an error toast); the list is then empty. */
  error: string | null;
}

export interface EditorLookups {
  plugins: Option[];
  contentTypes: Option[];
  users: Option[];
  topics: CategoryNode[];
  countries: Country[];
}

export interface ImporterEditorData {
  /** The import being edited; null in create mode, or when it does not exist / could not be loaded. */
  importer: Importer | null;
  /** The :id of the route (null in create mode). */
  requestedId: string | null;
  /** Why the import could not be loaded (null when it was, or in create mode). */
  error: string | null;
  notFound: boolean;
  lookups: EditorLookups;
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

/** A lookup that failed is empty (and a toast says why); the rest of the form still works. */
async function lookup<T>(load: (signal?: AbortSignal) => Promise<T[]>, signal?: AbortSignal): Promise<T[]> {
  try {
    return await load(signal);
  } catch (error) {
    fail(error, signal);
    return [];
  }
}

/** Plugins, authors, content types, users, topics and countries, and in edit mode the import. */
export async function loadImporterEditor(rawId: string | undefined, signal?: AbortSignal): Promise<ImporterEditorData> {
  const id = rawId === undefined ? null : parseImporterId(rawId);
  const importerLoad: Promise<{ importer: Importer | null; error: string | null; notFound: boolean }> =
    rawId === undefined
      ? Promise.resolve({ importer: null, error: null, notFound: false })
      : id === null
        ? Promise.resolve({ importer: null, error: null, notFound: true })
        : fetchImporter(id, signal).then(
            (importer) => ({ importer, error: null, notFound: false }),
            (error: unknown) => {
              if (isApiError(error) && error.status === 404 && !signal?.aborted) return { importer: null, error: null, notFound: true };
              return { importer: null, error: fail(error, signal), notFound: false };
            },
          );
  const [plugins, contentTypes, users, topics, countries, loaded] = await Promise.all([
    lookup(fetchPlugins, signal),
    lookup(fetchContentTypes, signal),
    lookup(fetchCreators, signal),
    lookup(fetchTopics, signal),
    lookup(fetchCountries, signal),
    importerLoad,
  ]);
  return {
    ...loaded,
    requestedId: rawId ?? null,
    lookups: { plugins, contentTypes, users, topics, countries },
  };
}

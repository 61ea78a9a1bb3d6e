// Newsdesk shared kernel: one instance at run time (Module Federation singleton).
export { configureShared } from './config';
export type { SharedConfig } from './config';

export {
  http,
  AUTH_HEADER,
  isCancelledRequest,
  ApiError,
  isApiError,
  errorText,
  staleVersionCurrent,
  apiRequest,
  apiGet,
  apiPost,
  apiDelete,
  toFormBody,
} from './http';
export type { Envelope, ApiOptions, ApiPostOptions } from './http';

export { loadRemoteModule, useRemoteModule, RemoteModuleUnavailableError, lazyScreen, lazyCode, useLazyCode } from './federation';
export type { RemoteModuleLoader, RemoteModuleState, RemoteRoutesModule, RemoteScreen, LazyScreen, LazyCode } from './federation';
export { CATEGORY_TREE_MODULE } from './contracts/categoryTree';
export type { CategoryNode, CategoryTreePickerProps, CategoryTreeModule } from './contracts/categoryTree';

export {
  fetchCategoryTree,
  createTag,
  searchAuthors,
  fetchAuthor,
  createAuthor,
  updateAuthor,
  uploadImage,
  fetchCountries,
  fetchStates,
} from './lookups';
export type { Tag, AuthorRef, Author, Country, CountryState, UploadedImage } from './lookups';

export { connectEventStream } from './events';
export type { EventStreamConnection, EventStreamOptions, StreamOpener } from './events';

export { loading, useLoading } from './loading';
export type { LoadingListener } from './loading';

export { errorMessage } from 'contracts/rules/error-message';
export { toast } from './toast';
export type { ToastEvent, ToastListener, ToastType } from './toast';

export { session, useSession, isSignedIn, TOKEN_STORAGE_KEY } from './session';
export type { SessionState, SessionStatus, User, SessionData, PasskeyCeremony } from './session';

export { hasRight, useRight, usePermissions, RIGHTS, isRight, requireRight, MissingRightError, isMissingRightError } from './permissions';
export type { Right } from './permissions';

export {
  i18n,
  addTranslations,
  setLanguage,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  SHARED_NAMESPACE,
  API_ERRORS_NAMESPACE,
  apiErrorText,
  isApiErrorCode,
  loadApiErrorTexts,
  recordedErrorText,
  countryName,
  countryOptions,
} from './i18n';
export type { Language, TranslationTree, ApiErrorCode, ApiErrorData, RecordedError } from './i18n';

// The editor fields the article editor and the importer form both show (imported as `shared/fields`,
// bundled into each remote: antd must stay out of shared's index). Each is antd Form.Item-compatible
// (`value` / `onChange`) and reaches the server through the one kernel instance (`shared`).
export { CountryStateSelects, type CountryStateSelectsProps, type LocationNone } from './CountryStateSelects';
export { AddByTextRow, type AddByTextRowProps } from './AddByTextRow';
export { useAddByText, type AddByText } from './useAddByText';
export { AuthorsField, AUTHOR_MIN_CHARS, type AuthorsFieldProps } from './AuthorsField';
export { ImageUploadButton, IMAGE_TYPES, type ImageUploadButtonProps } from './ImageUploadButton';
export { RemovableChips, type RemovableChipsProps, type WithId } from './RemovableChips';
export { TagsField, type TagsFieldProps } from './TagsField';
export { TopicsField, type TopicsFieldProps } from './TopicsField';
export { useCountryStates } from './useCountryStates';
export { DateTimeField, formValue, pickerValue, useFormDateText, type DateTimeFieldProps, type DateTimeKind } from './DateTimeField';

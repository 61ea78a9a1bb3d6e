import { Type, type Static } from 'typebox';

/** An image of an article, and what an upload answers. */
export const ImageItemSchema = Type.Object({
  id: Type.Integer(),
  file_name: Type.String(),
  file_thumbnail: Type.String({ description: 'Thumbnail URL' }),
  url: Type.String({ description: 'Image URL (/api/image/{id})' }),
  thumb_url: Type.String({ description: 'Thumbnail URL (/api/image/{id}/thumb)' }),
  description: Type.String({ description: 'Caption' }),
});
export type ImageItem = Static<typeof ImageItemSchema>;

/** `data` of POST /api/image: a list whose first element has the upload. */
export const UploadAnswerSchema = Type.Array(Type.Object({ upload: ImageItemSchema }));
export type UploadAnswer = Static<typeof UploadAnswerSchema>;
/** The image an upload stored. */
export type UploadedImage = ImageItem;

/** A video (spec section 3 "Video"). */
export const VideoSchema = Type.Object({ id: Type.Integer(), videoId: Type.String(), title: Type.String() });
export type Video = Static<typeof VideoSchema>;

/** POST /api/image/video. */
export const VideoBodySchema = Type.Object({
  videoId: Type.Optional(Type.String({ maxLength: 2048 })),
  title: Type.Optional(Type.String({ maxLength: 1000 })),
});

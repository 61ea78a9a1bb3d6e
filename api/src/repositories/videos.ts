import type { DbRoot } from '../db/schema';
import type { VideoItem } from './article-edit';

export const videosRepository = {
  async create(db: DbRoot, video: { videoId: string; title: string; createdBy: number }): Promise<VideoItem> {
    const row = await db
      .insertInto('videos')
      .values({ video_id: video.videoId, title: video.title, created_by: video.createdBy })
      .returning(['id', 'video_id', 'title'])
      .executeTakeFirstOrThrow();
    return { id: row.id, videoId: row.video_id, title: row.title };
  },
};

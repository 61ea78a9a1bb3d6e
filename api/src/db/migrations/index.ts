import type { Migration } from 'kysely';
import * as m0001 from './0001_users_sessions';
import * as m0002 from './0002_categories';
import * as m0003 from './0003_articles';
import * as m0004 from './0004_importers';
import * as m0005 from './0005_articles_portal';
import * as m0006 from './0006_article_totals';
import * as m0007 from './0007_category_aliases';
import * as m0008 from './0008_article_editing';
import * as m0010 from './0010_import_runs';
import * as m0011 from './0011_articles_modified_idx';
import * as m0012 from './0012_article_list_notify';
import * as m0013 from './0013_edit_versions';
import * as m0014 from './0014_import_run_owner';
import * as m0019 from './0019_import_run_error_params';
import * as m0020 from './0020_session_revocation_notify';
import * as m0021 from './0021_article_revisions';
import * as m0022 from './0022_activity_log';
import * as m0023 from './0023_scheduled_publishing';
import * as m0024 from './0024_presence_notify';
import * as m0025 from './0025_image_files_cleaned';
import * as m0026 from './0026_schedule_decisions';
import * as m0027 from './0027_refused_sign_in_names';
import * as m0028 from './0028_article_list_generation';
import * as m0029 from './0029_sign_in_address_limit';
import * as m0030 from './0030_people';
import * as m0031 from './0031_my_account';
import * as m0032 from './0032_two_factor';
import * as m0033 from './0033_role_scopes';
import * as m0034 from './0034_passkeys';
import * as m0035 from './0035_single_sign_on';
import * as m0036 from './0036_desks';
import * as m0037 from './0037_working_copies';
import * as m0038 from './0038_desk_planning';
import * as m0040 from './0040_presence_scope';
import { sealedTotpSecrets, type SealedTotpContext } from './0039_sealed_totp_secrets';

/** What migrations that rewrite stored data need from the configuration. */
export type MigrationContext = SealedTotpContext;

const NO_KEY: MigrationContext = {
  totpKey: () => {
    throw new Error('TOTP secrets are stored but no key was given to seal them (SECRET_KEY or DATA_DIR/secret.key)');
  },
};
import * as m0041 from './0041_webhooks';

/**
 * Every migration, by name (run in name order). Add new files here: they are imported
 * statically so the compiled build (api/dist) always carries them.
 */
export function migrationsWith(context: MigrationContext = NO_KEY): Record<string, Migration> {
  return {
    ...fixedMigrations,
    '0039_sealed_totp_secrets': sealedTotpSecrets(context),
    '0040_presence_scope': m0040,
  };
}

const fixedMigrations: Record<string, Migration> = {
  '0001_users_sessions': m0001,
  '0002_categories': m0002,
  '0003_articles': m0003,
  '0004_importers': m0004,
  '0005_articles_portal': m0005,
  '0006_article_totals': m0006,
  '0007_category_aliases': m0007,
  '0008_article_editing': m0008,
  '0010_import_runs': m0010,
  '0011_articles_modified_idx': m0011,
  '0012_article_list_notify': m0012,
  '0013_edit_versions': m0013,
  '0014_import_run_owner': m0014,
  '0019_import_run_error_params': m0019,
  '0020_session_revocation_notify': m0020,
  '0021_article_revisions': m0021,
  '0022_activity_log': m0022,
  '0023_scheduled_publishing': m0023,
  '0024_presence_notify': m0024,
  '0025_image_files_cleaned': m0025,
  '0026_schedule_decisions': m0026,
  '0027_refused_sign_in_names': m0027,
  '0028_article_list_generation': m0028,
  '0029_sign_in_address_limit': m0029,
  '0030_people': m0030,
  '0031_my_account': m0031,
  '0032_two_factor': m0032,
  '0033_role_scopes': m0033,
  '0034_passkeys': m0034,
  '0035_single_sign_on': m0035,
  '0036_desks': m0036,
  '0037_working_copies': m0037,
  '0038_desk_planning': m0038,
  '0041_webhooks': m0041,
};

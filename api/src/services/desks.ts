/**
 * Desks, their stages and members (right manage_desks), the board, and a story's stage move. A move is
 * a revision-free change of the article: it bumps the article's version (a stale move is a 409), is
 * checked by the desk rules (contracts/rules/desks) and recorded in the activity log. Free of HTTP.
 */
import { moveRefusal, stageNamesRefusal, worksOn, type Mover, type StageRule } from 'contracts/rules/desks';
import { hasRight, maySee, type Actor } from 'contracts/rules/article-state';
import { isOverdue } from 'contracts/rules/planning';
import { scopeOfRight } from 'contracts/rules/rights';
import type { Board, BoardCard, CreateDeskBody, Desk, StageInput, StageMove, UpdateDeskBody } from 'contracts/schemas/desks';
import type { DbRoot, Db } from '../db/schema';
import { httpError, httpErrorOf } from '../lib/http-error';
import { deskPlanningRepository as plans } from '../repositories/desk-planning';
import { desksRepository as desks } from '../repositories/desks';
import { DEFAULT_STAGES } from 'contracts/rules/desks';
import { articleScopeRepository } from '../repositories/article-scope';
import { recordActivity } from './activity';
import { actorOnArticle, scopedActor } from './article-scope';

/** At most this many cards on one board (the board pages nothing; a desk with more shows the newest). */
export const BOARD_CARDS_MAX = 1000;

function refuse(refusal: ReturnType<typeof moveRefusal>): void {
  if (refusal) throw httpErrorOf(refusal.status, { code: refusal.code, ...(refusal.params ? { params: refusal.params } : {}) });
}

/**
 * Where a reader with view_all_articles or edit_all_articles sees others' stories: undefined everywhere
 * (a grant of either is unscoped), else their own and the categories under the desks of those grants.
 */
async function seeingScope(db: Db, actor: Actor): Promise<{ ownerId: number; categoryIds: number[] } | undefined> {
  if (!scopedActor(actor)) return undefined;
  const grants = actor.grants ?? [];
  const roots = [scopeOfRight(grants, 'view_all_articles'), scopeOfRight(grants, 'edit_all_articles')];
  if (roots.some((root) => root === null)) return undefined;
  return {
    ownerId: actor.id,
    categoryIds: await articleScopeRepository.subtrees(
      db,
      roots.flatMap((root) => root ?? []),
    ),
  };
}

async function moverOf(db: Db, actor: Actor): Promise<Mover> {
  return { rights: actor.rights, desks: await desks.deskIdsOf(db, actor.id) };
}

/** Writes a desk's stages as sent: kept ones renamed and reordered, new ones added, left-out ones removed (409 while used). */
async function saveStages(trx: Db, deskId: number, stages: readonly StageInput[]): Promise<void> {
  refuse(stageNamesRefusal(stages.map((stage) => stage.name)));
  const existing = await desks.stageUse(trx, deskId);
  const kept = new Set(stages.flatMap((stage) => (stage.id === undefined ? [] : [stage.id])));
  for (const id of kept) {
    if (!existing.some((stage) => stage.id === id)) throw httpError(404, 'desk_stage_not_found', undefined, { field: 'stages' });
  }
  const removed = existing.filter((stage) => !kept.has(stage.id));
  const inUse = removed.find((stage) => stage.stories > 0);
  if (inUse) throw httpError(409, 'desk_stage_in_use', { stage: inUse.name }, { field: 'stages' });
  await desks.deleteStages(
    trx,
    deskId,
    removed.map((stage) => stage.id),
  );
  for (const [index, stage] of stages.entries()) {
    const row = { name: stage.name.trim(), position: index + 1, leave_right: stage.leave_right ?? null };
    if (stage.id === undefined) await desks.insertStage(trx, deskId, row);
    else await desks.updateStage(trx, deskId, stage.id, row);
  }
}

async function saveMembers(trx: Db, deskId: number, members: readonly number[]): Promise<void> {
  const known = await desks.existingUsers(trx, members);
  const unknown = members.find((id) => !known.has(id));
  if (unknown !== undefined) throw httpError(400, 'desk_unknown_member', { id: unknown }, { field: 'members' });
  await desks.setMembers(trx, deskId, members);
}

export class DesksService {
  constructor(
    private readonly db: DbRoot,
    private readonly options: { lockMinutes: number; now?: () => Date },
  ) {
    this.now = this.options.now ?? (() => new Date());
  }

  private readonly now: () => Date;

  /** The desks the actor works on (every desk for manage_desks). */
  async list(actor: Actor): Promise<Desk[]> {
    if (hasRight(actor, 'manage_desks')) return desks.list(this.db);
    return desks.list(this.db, await desks.deskIdsOf(this.db, actor.id));
  }

  async get(actor: Actor, id: number): Promise<Desk> {
    const desk = await desks.find(this.db, id);
    if (!desk || !worksOn(await moverOf(this.db, actor), id)) throw httpError(404, 'desk_not_found', undefined);
    return desk;
  }

  async create(actor: Actor, body: CreateDeskBody): Promise<Desk> {
    const name = body.name.trim();
    return this.db.transaction().execute(async (trx) => {
      if (await desks.nameTaken(trx, name)) throw httpError(409, 'desk_name_taken', { name }, { field: 'name' });
      const id = await desks.insert(trx, name);
      await saveStages(trx, id, body.stages ?? DEFAULT_STAGES.map((stageName) => ({ name: stageName })));
      await saveMembers(trx, id, body.members ?? []);
      const desk = (await desks.find(trx, id)) as Desk;
      await recordActivity(trx, {
        actorId: actor.id,
        entity: 'desk',
        entityId: id,
        action: 'create',
        changes: { name: { from: null, to: desk.name } },
      });
      return desk;
    });
  }

  async update(actor: Actor, id: number, body: UpdateDeskBody): Promise<Desk> {
    const name = body.name?.trim();
    return this.db.transaction().execute(async (trx) => {
      const before = await desks.find(trx, id);
      if (!before) throw httpError(404, 'desk_not_found');
      if (name !== undefined && (await desks.nameTaken(trx, name, id)))
        throw httpError(409, 'desk_name_taken', { name }, { field: 'name' });
      if (!(await desks.touch(trx, id, body.version, name))) {
        throw httpError(409, 'desk_stale_version', undefined, { field: 'version', extra: { current: before } });
      }
      if (body.stages) await saveStages(trx, id, body.stages);
      if (body.members) await saveMembers(trx, id, body.members);
      const after = (await desks.find(trx, id)) as Desk;
      const names = (desk: Desk) => ({
        name: desk.name,
        stages: desk.stages.map((stage) => stage.name),
        members: desk.members.map((member) => member.id),
      });
      const [from, to] = [names(before), names(after)];
      const changes = Object.fromEntries(
        (Object.keys(from) as Array<keyof typeof from>)
          .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
          .map((key) => [key, { from: from[key], to: to[key] }]),
      );
      await recordActivity(trx, { actorId: actor.id, entity: 'desk', entityId: id, action: 'update', changes });
      return after;
    });
  }

  /** A desk's board: its stages and the stories on it the actor may see. */
  async board(actor: Actor, id: number): Promise<Board> {
    const desk = await this.get(actor, id);
    const seesAll = hasRight(actor, 'view_all_articles') || hasRight(actor, 'edit_all_articles');
    const scope = seesAll ? await seeingScope(this.db, actor) : undefined;
    const rows = await desks.cards(this.db, id, {
      ...(seesAll ? {} : { ownerId: actor.id }),
      ...(scope ? { scope } : {}),
      now: this.now(),
      lockMinutes: this.options.lockMinutes,
      limit: BOARD_CARDS_MAX,
    });
    const assignees = await plans.assignees(
      this.db,
      rows.map((row) => row.id),
    );
    const lastStageId = desk.stages.at(-1)?.id ?? null;
    const cards = rows.map(({ flagged, ...row }): BoardCard => {
      const names = assignees.get(row.id) ?? [];
      const facts = {
        assigneeIds: names.map((user) => user.id),
        deskId: id,
        stageId: row.stage_id,
        lastStageId,
        deadline: null,
        flagged,
      };
      return { ...row, assignees: names, overdue: isOverdue(facts) };
    });
    return { desk, cards };
  }

  /** Moves a story to a stage (null: off the desks), as seen at `version`. */
  async move(actor: Actor, articleId: number, input: { version: number; stage_id: number | null }): Promise<StageMove> {
    return this.db.transaction().execute(async (trx) => {
      const place = await desks.placeForMove(trx, articleId);
      const scoped = place ? await actorOnArticle(trx, actor, articleId) : actor;
      if (!place || !maySee({ createdBy: place.created_by }, scoped)) throw httpError(404, 'article_not_found', { id: articleId });
      const stageOf = async (stageId: number | null, field?: string): Promise<StageRule | null> => {
        if (stageId === null) return null;
        const stage = await desks.stage(trx, stageId);
        if (!stage) throw httpError(404, 'desk_stage_not_found', undefined, field ? { field } : {});
        return stage;
      };
      const to = await stageOf(input.stage_id, 'stage_id');
      const from = await stageOf(place.stage_id);
      refuse(moveRefusal(from, to, await moverOf(trx, scoped)));
      if (place.version !== input.version) {
        throw httpError(409, 'article_stage_stale_version', undefined, {
          field: 'version',
          extra: { current: { article_id: articleId, desk_id: place.desk_id, stage_id: place.stage_id, version: place.version } },
        });
      }
      if (from?.id === to?.id) return { article_id: articleId, desk_id: place.desk_id, stage_id: place.stage_id, version: place.version };
      const desk_id = to?.desk_id ?? null;
      const version = await desks.move(trx, articleId, { desk_id, stage_id: to?.id ?? null });
      await recordActivity(trx, {
        actorId: actor.id,
        entity: 'article',
        entityId: articleId,
        action: 'move',
        changes: {
          ...(place.desk_id !== desk_id ? { desk: { from: place.desk_id, to: desk_id } } : {}),
          stage: { from: from?.name ?? null, to: to?.name ?? null },
        },
        details: { stage_from: from?.id ?? null, stage_to: to?.id ?? null },
      });
      return { article_id: articleId, desk_id, stage_id: to?.id ?? null, version };
    });
  }
}

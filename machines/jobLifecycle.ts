// The lifecycle every background job shares once it runs (issue 11: one generic job chart, provided per job
// kind), with the tags views ask:
//
//   following (running ⇄ cancelling) → done | failed | cancelled
//
// `job.machine.ts` (the client following any job) and `seoReport.machine.ts` (a diagnosis report, replayed on
// the server from its stored events) are both built from it: the states and tags are this lifecycle's, the
// events are the chart's own. A chart supplies the transitions of each stage (events that end a run go on
// `following`, so they are taken from running and cancelling alike, and may target `done`, `failed`,
// `cancelled`); a chart whose cancel takes effect at once leaves `cancelling` out. Not a chart itself: it has
// no events, so it has no file of its own in tests/machines (its charts' model-based tests walk it).

/** The tags of each stage of the lifecycle. */
export const JOB_LIFECYCLE_TAGS = {
  running: ['busy', 'progress', 'cancellable'],
  cancelling: ['busy', 'progress', 'cancelling'],
  done: ['finished', 'succeeded'],
  failed: ['finished', 'failed'],
  cancelled: ['finished', 'cancelled'],
} as const;

type Stage = keyof typeof JOB_LIFECYCLE_TAGS;
type Tagged<S, K extends Stage> = S & { tags: (typeof JOB_LIFECYCLE_TAGS)[K] };

/**
 * The lifecycle's states config (`following`, `done`, `failed`, `cancelled`) from each stage's own config
 * (made with the chart's `setup(…).createStateConfig`, so its actions and guards are typed); the tags and the
 * structure are added here. Spread it into the chart's `states`.
 */
export function jobLifecycle<F extends object, R extends object, D extends object, Fa extends object, Ca extends object, C extends object = never>(stages: {
  following: F;
  running: R;
  cancelling?: C;
  done: D;
  failed: Fa;
  cancelled: Ca;
}) {
  const tagged = <S extends object, K extends Stage>(config: S, stage: K) => ({ ...config, tags: JOB_LIFECYCLE_TAGS[stage] }) as Tagged<S, K>;
  type Running = { running: Tagged<R, 'running'> } & ([C] extends [never] ? unknown : { cancelling: Tagged<C, 'cancelling'> });
  return {
    following: {
      ...stages.following,
      initial: 'running' as const,
      states: {
        running: tagged(stages.running, 'running'),
        ...(stages.cancelling && { cancelling: tagged(stages.cancelling, 'cancelling') }),
      } as Running,
    },
    done: tagged(stages.done, 'done'),
    failed: tagged(stages.failed, 'failed'),
    cancelled: tagged(stages.cancelled, 'cancelled'),
  };
}

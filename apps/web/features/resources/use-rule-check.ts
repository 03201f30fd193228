'use client';
// What the API server will say about the object being edited, as the resource form shows it:
// the kind's x-kubernetes-validations (and the schema checks they depend on) run by the API
// server's own validator in the page's worker (rules-connection.ts). Only for kinds that have rules, and only
// once there is something to check (a draft): the module is 7 MB to fetch the first time and
// seconds to start, which a page that only shows a resource should not pay. Until the module is
// ready the state says so, and the form works as before (the API server's dry run still answers).
import type { JSONSchemaProps } from '@opstudio/shared/crd/types';
import { hasRules, type RuleCheck } from '@opstudio/shared/resources/rule-check';
import { useEffect, useMemo, useRef, useState } from 'react';
import { latestWins, type LatestWins } from '../previews/latest-wins';
import { connectRules, type RulesConnection } from './rules-connection';
import type { RulesAnswer, RulesInput } from './rules.worker';

export type { RulesInput } from './rules.worker';

export type RulesState =
  /** the kind has no rules, or there is nothing to check */
  | { readonly state: 'off' }
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly why: string }
  /** `current`: the verdict is about the input on screen (not one typed since) */
  | { readonly state: 'checked'; readonly check: RuleCheck; readonly current: boolean };

type Asked = RulesInput & { readonly schema: JSONSchemaProps };

/** `input`: a new object for each edit (compared by reference); null: nothing to check. */
export function useRuleCheck(schema: JSONSchemaProps | null, input: RulesInput | null): RulesState {
  const rules = useMemo(() => schema !== null && hasRules(schema), [schema]);
  const [answer, setAnswer] = useState<{ readonly asked: Asked; readonly res: RulesAnswer } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const client = useRef<{ conn: RulesConnection; lw: LatestWins<Asked, RulesAnswer> } | null>(null);

  useEffect(() => {
    if (!rules || schema === null || input === null || failed !== null) return;
    if (client.current === null) {
      let lw: LatestWins<Asked, RulesAnswer> | null = null;
      const conn = connectRules((a) => lw?.receive(a.seq, a), setFailed);
      if (conn === null) return;
      lw = latestWins<Asked, RulesAnswer>(
        (seq, { schema: s, ...r }) => conn.check(seq, s, r),
        (asked, res) => setAnswer({ asked, res }),
      );
      client.current = { conn, lw };
    }
    client.current.lw.request({ ...input, schema });
  }, [rules, schema, input, failed]);

  useEffect(
    () => () => {
      client.current?.conn.close();
      client.current = null;
    },
    [],
  );

  // one object per verdict: the page re-renders on every live event, its effects must not
  return useMemo((): RulesState => {
    if (!rules || input === null) return { state: 'off' };
    if (failed !== null) return { state: 'failed', why: failed };
    const cel = answer?.res.cel;
    if (typeof cel === 'object') return { state: 'failed', why: cel.failed };
    const check = answer?.res.check;
    if (answer === null || check === null || check === undefined) return { state: 'loading' };
    const current = answer.asked.object === input.object && answer.asked.oldObject === input.oldObject;
    return { state: 'checked', check, current };
  }, [rules, input, failed, answer]);
}

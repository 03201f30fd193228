/**
 * The Go identifiers every generated file of the export shares, derived from the kind
 * (`Memcached` → `memcached`, `MemcachedReconciler`, `memcachedFinalizer`, `MEMCACHED_IMAGE`).
 */
import type { ProjectFacts } from './facts';

/** `memcached` → `Memcached`-derived Go identifiers used throughout the file. */
// Go keywords, predeclared names, the imports and the locals of the generated code: a kind whose
// lower-cased name is one of these (`Map`, `New`, `Client`…) gets `Obj` appended for its variable.
const TAKEN = new Set(
  (
    'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var ' +
    'any append bool byte cap clear close complex copy delete error false float32 float64 imag int int8 int16 int32 int64 iota len make max min new nil panic print println real recover rune string true uint uint8 uint16 uint32 uint64 uintptr ' +
    'appsv1 corev1 equality apierrors meta metav1 runtime types appsv1ac corev1ac metav1ac events ctrl client controllerutil logf reconcile context fmt math os sort strings sync yaml filepath testing ' +
    'r ctx req log err dep found key before changed message previous announced podNames ready readyReplicas old replicas port image selector labels container tag ok v n s p value generation observed pods reader names pod sample owner namespace deployment reconciler available typeNamespacedName'
  ).split(' '),
);

export function goNames(f: ProjectFacts): {
  recv: string;
  reconciler: string;
  finalizerConst: string;
  imageEnv: string;
} {
  const lower = f.kind.charAt(0).toLowerCase() + f.kind.slice(1);
  return {
    recv: TAKEN.has(lower) ? `${lower}Obj` : lower,
    reconciler: `${f.kind}Reconciler`,
    finalizerConst: `${lower}Finalizer`,
    // kubebuilder's deploy-image: the environment variable that overrides the operand's image
    imageEnv: `${f.kind.toUpperCase()}_IMAGE`,
  };
}

/**
 * The export's controller test for every design (the image form's profile adds its own checks,
 * go-graph-profile-test.ts): envtest runs no
 * controllers, so the test reconciles the sample as often as the graph has children (each
 * dependency is observed before what reads it), then checks that every child the plan wants
 * exists, carries the planner's labels and is controlled by the custom resource, that nothing
 * is blocked (but by an external reference envtest lacks: it has none of the user's objects) or failed, that the conditions are set, and that deletion runs the finalizer (which
 * deletes the children the owner label holds first: envtest has no namespace controller, so a
 * Namespace among them stays Terminating, and only that may keep the custom resource).
 */
import type { ResourceGraph } from '../graph/model';
import { goString } from '../gotypes/go-text';
import type { ProjectFacts } from './facts';
import { goNames } from './go-names';
import { childLabelsCall } from './go-graph-profile';
import { profileConditionsTest, profileImageTest, profileTestImports } from './go-graph-profile-test';

export function graphControllerTestGo(
  f: ProjectFacts,
  graph: ResourceGraph,
  header: string,
  samplePath: string,
): string {
  const n = goNames(f);
  const { profile } = graph;
  const pkg = f.alias(f.version.name);
  const namespace = 'namespace.Name';
  const cluster = f.design.crd.scope === 'Cluster';
  return `${header}

package controller

import (
	"context"
${profile !== undefined && graph.resources.length > 0 && f.conditions ? '\t"fmt"\n' : ''}	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

${profileTestImports(graph)}	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
${f.conditions ? '\t"k8s.io/apimachinery/pkg/api/meta"\n' : ''}	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/yaml"

	${pkg} ${goString(`${f.module}/api/${f.version.name}`)}
	${goString(`${f.module}/internal/graph`)}
)

var _ = Describe("${f.kind} controller", func() {
	Context("reconciling the sample ${f.kind}", func() {
		const namespaceName = "test-${f.lowerKind}"

		ctx := context.Background()

		namespace := &corev1.Namespace{
			ObjectMeta: metav1.ObjectMeta{
				Name: namespaceName,
			},
		}

		var typeNamespacedName types.NamespacedName
		${n.recv} := &${pkg}.${f.kind}{}

		BeforeEach(func() {
			By("Creating the Namespace to perform the tests")
			Expect(client.IgnoreAlreadyExists(k8sClient.Create(ctx, namespace))).To(Succeed())

			By("creating the custom resource from the sample in config/samples")
			sample, err := os.ReadFile(filepath.Join("..", "..", ${goString(samplePath)}))
			Expect(err).NotTo(HaveOccurred())
			${n.recv} = &${pkg}.${f.kind}{}
			Expect(yaml.Unmarshal(sample, ${n.recv})).To(Succeed())
${
  cluster
    ? `			typeNamespacedName = types.NamespacedName{Name: ${n.recv}.Name}`
    : `			${n.recv}.Namespace = ${namespace}
			typeNamespacedName = types.NamespacedName{Name: ${n.recv}.Name, Namespace: ${namespace}}`
}
			Expect(k8sClient.Create(ctx, ${n.recv})).To(Succeed())
		})

		AfterEach(func() {
			By("removing what is left of the custom resource")
			found := &${pkg}.${f.kind}{}
			if err := k8sClient.Get(ctx, typeNamespacedName, found); err == nil {
				controllerutil.RemoveFinalizer(found, ${n.finalizerConst})
				Expect(client.IgnoreNotFound(k8sClient.Update(ctx, found))).To(Succeed())
				Expect(client.IgnoreNotFound(k8sClient.Delete(ctx, found))).To(Succeed())
			}
		})

		It("should create the children of the plan and clean up on deletion", func() {
			reconciler := &${n.reconciler}{
				Client:    k8sClient,
				APIReader: k8sClient,
				Scheme:    k8sClient.Scheme(),
				Recorder:  events.NewFakeRecorder(100),
			}
			design, err := graph.Design()
			Expect(err).NotTo(HaveOccurred())

			By("Creating the namespaces the design declares (the cluster's, not the controller's to make)")
			for _, name := range design.Namespaces {
				declared := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
				Expect(client.IgnoreAlreadyExists(k8sClient.Create(ctx, declared))).To(Succeed())
			}

			By("Reconciling once per child: each dependency is observed before what reads it")
			for range len(design.Children) + 1 {
				_, err := reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: typeNamespacedName})
				Expect(err).NotTo(HaveOccurred())
			}

			By("Checking the finalizer")
			Expect(k8sClient.Get(ctx, typeNamespacedName, ${n.recv})).To(Succeed())
			Expect(controllerutil.ContainsFinalizer(${n.recv}, ${n.finalizerConst})).To(BeTrue())

			By("Finding each child by the planner's labels, owned by the custom resource (owner reference or owner label)")
			observed := map[string]map[string]any{}
			owned := map[string][]map[string]any{}
			for _, c := range design.Children {
				list := &unstructured.UnstructuredList{}
				list.SetAPIVersion(c.APIVersion)
				list.SetKind(c.Kind + "List")
				Expect(k8sClient.List(ctx, list, client.MatchingLabels(${childLabelsCall(profile, `${n.recv}.Name`, 'c.ID')}))).To(Succeed())
				if !design.IsCollection(c.ID) {
					Expect(len(list.Items)).To(BeNumerically("<=", 1), "one %s for %s", c.Kind, c.ID)
				}
				for _, item := range list.Items {
					Expect(ownerUID(&item)).To(Equal(${n.recv}.UID))
					if observed[c.ID] == nil {
						observed[c.ID] = item.Object
					}
					owned[c.ID] = append(owned[c.ID], item.Object)
				}
			}

			By("Checking that the plan for what exists wants nothing more: no child missing, blocked or failed")
			cr, err := runtime.DefaultUnstructuredConverter.ToUnstructured(${n.recv})
			Expect(err).NotTo(HaveOccurred())
			cr["apiVersion"], cr["kind"] = ${pkg}.GroupVersion.String(), ${goString(f.kind)}
${
  (graph.externalRefs ?? []).length > 0
    ? `			externals, err := reconciler.readExternals(ctx, design, cr)
			Expect(err).NotTo(HaveOccurred())
			plan := design.PlanAll(cr, observed, externals, owned)
			Expect(plan.Errors).To(BeEmpty())
			By("Checking that a blocked child waits only for an external reference the cluster lacks (envtest has none of the user's objects)")
			external := map[string]bool{}
			for _, x := range design.Externals {
				external[x.ID] = true
			}
			for _, b := range plan.Blocked {
				for _, id := range b.WaitingFor {
					Expect(external[id]).To(BeTrue(), "%s waits for %s, which is not an external reference", b.ID, id)
					Expect(externals).NotTo(HaveKey(id), "%s waits for %s, which the cluster has", b.ID, id)
				}
			}
`
    : `			plan := design.PlanAll(cr, observed, nil, owned)
			Expect(plan.Errors).To(BeEmpty())
			Expect(plan.Blocked).To(BeEmpty())
`
}${
    graph.resources.length === 0
      ? ''
      : (graph.externalRefs ?? []).length > 0
        ? '\t\t\tExpect(len(plan.Desired) + len(plan.Blocked)).NotTo(BeZero())\n'
        : '\t\t\tExpect(plan.Desired).NotTo(BeEmpty())\n'
  }			for _, d := range plan.Desired {
				name := d.Object["metadata"].(map[string]any)["name"]
				names := []any{}
				for _, o := range owned[d.ID] {
					names = append(names, o["metadata"].(map[string]any)["name"])
				}
				Expect(names).To(ContainElement(name), "%s of %s", name, d.ID)
			}
${
  profile !== undefined
    ? profileConditionsTest(f, graph)
    : f.conditions
      ? `
			By("Checking the conditions the plan gives")
			for _, c := range plan.Conditions {
				found := meta.FindStatusCondition(${n.recv}.Status.Conditions, c.Type)
				Expect(found).NotTo(BeNil(), c.Type)
				Expect(string(found.Status)).To(Equal(c.Status), c.Type)
				Expect(found.Reason).To(Equal(c.Reason), c.Type)
			}
`
      : ''
}
			By("Deleting the custom resource: the finalizer deletes what the owner label holds, then the custom resource is gone")
			Expect(k8sClient.Delete(ctx, ${n.recv})).To(Succeed())
			for range len(design.Children) + 1 {
				_, err = reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: typeNamespacedName})
				Expect(err).NotTo(HaveOccurred())
			}
			err = k8sClient.Get(ctx, typeNamespacedName, &${pkg}.${f.kind}{})
			if err == nil {
				By("envtest runs no namespace controller: only Namespaces being deleted may still hold the finalizer")
				for _, c := range design.Children {
					list := &unstructured.UnstructuredList{}
					list.SetAPIVersion(c.APIVersion)
					list.SetKind(c.Kind + "List")
					Expect(k8sClient.List(ctx, list, client.MatchingLabels{graph.OwnerUIDLabel: string(${n.recv}.UID)})).To(Succeed())
					for _, item := range list.Items {
						Expect(item.GetKind()).To(Equal("Namespace"), "%s %s is left", item.GetKind(), item.GetName())
						Expect(item.GetDeletionTimestamp()).NotTo(BeNil(), "Namespace %s is being deleted", item.GetName())
					}
				}
			} else {
				Expect(apierrors.IsNotFound(err)).To(BeTrue(), "the custom resource should be gone, got %v", err)
			}
		})
	})
})
${profile !== undefined && graph.resources.length > 0 ? profileImageTest(f, samplePath) : ''}`;
}

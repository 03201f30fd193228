/**
 * What the export's controller test checks under the deploy-image profile (go-graph-profile.ts),
 * as the image form's own test did before the fold: the Deployment carries kubebuilder's labels
 * and is controlled by the custom resource; Available is False/Resizing while no replica is
 * ready (envtest runs no pods) and True/Reconciling once the Deployment says they are, Ready
 * mirrors it and Degraded stays unset; a design with no operand is Ready=True NoResources; and
 * `<KIND>_IMAGE` overrides the image (the version label follows it, the selector does not).
 */
import type { ResourceGraph } from '../graph/model';
import { goString } from '../gotypes/go-text';
import { NO_RESOURCES_MESSAGE } from '../operand/ready';
import type { ProjectFacts } from './facts';
import { goNames } from './go-names';

/** The Go imports the profile's test needs beyond the graph test's. */
export function profileTestImports(graph: ResourceGraph): string {
  return graph.profile !== undefined && graph.resources.length > 0 ? '\tappsv1 "k8s.io/api/apps/v1"\n' : '';
}

/** Inside the graph test's It, after the plan check: the profile's Deployment and conditions. */
export function profileConditionsTest(f: ProjectFacts, graph: ResourceGraph): string {
  const { recv } = goNames(f);
  const condition = (type: string, status: string, reason: string, message?: string): string =>
    `			Expect(meta.FindStatusCondition(${recv}.Status.Conditions, ${goString(type)})).To(And(
				Not(BeNil()),
				HaveField("Status", Equal(metav1.${status})),
				HaveField("Reason", Equal(${reason}))${message !== undefined ? `,\n\t\t\t\tHaveField("Message", Equal(${message}))` : ''}))`;
  if (graph.resources.length === 0)
    return f.conditions
      ? `
			By("Checking Ready=True NoResources: the design creates nothing")
			Expect(k8sClient.Get(ctx, typeNamespacedName, ${recv})).To(Succeed())
${condition('Ready', 'ConditionTrue', '"NoResources"', goString(NO_RESOURCES_MESSAGE))}
`
      : '';
  const conditions = f.conditions
    ? {
        resizing: `
			By("Checking Available=False Resizing while no replica is ready (envtest runs no pods), Ready mirroring it")
${condition('Available', 'ConditionFalse', 'reasonResizing')}
${condition('Ready', 'ConditionFalse', 'reasonResizing')}
			Expect(meta.FindStatusCondition(${recv}.Status.Conditions, "Degraded")).To(BeNil(), "Degraded is set only while something is wrong")
`,
        available: `
			By("Checking Available=True once the replicas are ready, Ready mirroring it")
			Expect(k8sClient.Get(ctx, typeNamespacedName, ${recv})).To(Succeed())
${condition('Available', 'ConditionTrue', 'reasonReconciling', `fmt.Sprintf("Deployment for custom resource (%s) with %d replicas created successfully", ${recv}.Name, replicas)`)}
${condition('Ready', 'ConditionTrue', 'reasonReconciling')}
			Expect(meta.FindStatusCondition(${recv}.Status.Conditions, "Degraded")).To(BeNil(), "Degraded is set only while something is wrong")
`,
      }
    : { resizing: '', available: '' };
  return `
			By("Checking the Deployment as kubebuilder's deploy-image names it, controlled by the custom resource")
			deployment := &appsv1.Deployment{}
			Expect(k8sClient.Get(ctx, types.NamespacedName{Name: ${recv}.Name, Namespace: ${recv}.Namespace}, deployment)).To(Succeed())
			Expect(deployment.Labels).To(HaveKeyWithValue("app.kubernetes.io/managed-by", deployImageManagedBy))
			Expect(deployment.Labels).NotTo(HaveKey("app.kubernetes.io/component"))
			Expect(deployment.Spec.Selector.MatchLabels).To(HaveKeyWithValue("app.kubernetes.io/instance", ${recv}.Name))
			Expect(metav1.GetControllerOf(deployment)).To(HaveField("UID", Equal(${recv}.UID)))
			Expect(deployment.Spec.Replicas).NotTo(BeNil())
			replicas := *deployment.Spec.Replicas
${conditions.resizing}
			By("Marking the Deployment's replicas ready, as the Deployment controller would")
			deployment.Status.ObservedGeneration = deployment.Generation
			deployment.Status.Replicas = replicas
			deployment.Status.UpdatedReplicas = replicas
			deployment.Status.ReadyReplicas = replicas
			deployment.Status.AvailableReplicas = replicas
			Expect(k8sClient.Status().Update(ctx, deployment)).To(Succeed())
			_, err = reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: typeNamespacedName})
			Expect(err).NotTo(HaveOccurred())
${conditions.available}`;
}

/** A second spec, on the plan alone: the image environment variable overrides the planned Deployment's image. */
export function profileImageTest(f: ProjectFacts, samplePath: string): string {
  const n = goNames(f);
  const pkg = f.alias(f.version.name);
  return `
var _ = Describe(${goString(`${f.kind} image`)}, func() {
	It(${goString(`should let ${n.imageEnv} override the operand's image, as kubebuilder's deploy-image does`)}, func() {
		design, err := graph.Design()
		Expect(err).NotTo(HaveOccurred())
		sample, err := os.ReadFile(filepath.Join("..", "..", ${goString(samplePath)}))
		Expect(err).NotTo(HaveOccurred())
		${n.recv} := &${pkg}.${f.kind}{}
		Expect(yaml.Unmarshal(sample, ${n.recv})).To(Succeed())
		${n.recv}.Namespace, ${n.recv}.UID = "default", "00000000-0000-0000-0000-000000000001"
		cr, err := runtime.DefaultUnstructuredConverter.ToUnstructured(${n.recv})
		Expect(err).NotTo(HaveOccurred())
		cr["apiVersion"], cr["kind"] = ${pkg}.GroupVersion.String(), ${goString(f.kind)}
		plan := design.PlanAll(cr, nil, nil, nil)
		Expect(plan.Errors).To(BeEmpty())
		Expect(plan.Desired).To(HaveLen(1))

		Expect(os.Setenv(deployImageEnv, "registry.example.com/operand:9.9.9-test")).To(Succeed())
		DeferCleanup(os.Unsetenv, deployImageEnv)
		dressDeployImage(plan.Desired[0].Object, ${n.recv}.Name)
		deployment := &appsv1.Deployment{}
		Expect(runtime.DefaultUnstructuredConverter.FromUnstructured(plan.Desired[0].Object, deployment)).To(Succeed())
		Expect(deployment.Spec.Template.Spec.Containers[0].Image).To(Equal("registry.example.com/operand:9.9.9-test"))
		Expect(deployment.Labels).To(HaveKeyWithValue("app.kubernetes.io/version", "9.9.9-test"))
		Expect(deployment.Spec.Template.Labels).To(HaveKeyWithValue("app.kubernetes.io/version", "9.9.9-test"))
		Expect(deployment.Spec.Selector.MatchLabels).NotTo(HaveKey("app.kubernetes.io/version"))
	})
})
`;
}

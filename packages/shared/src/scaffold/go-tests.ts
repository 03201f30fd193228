/**
 * The export's Go tests: kubebuilder's envtest suite (`suite_test.go`, a real etcd and
 * kube-apiserver from KUBEBUILDER_ASSETS or bin/k8s) and a controller test that drives the
 * reconciler through the sample CR's life: the Deployment it owns, the finalizer, the
 * conditions while the operand is not ready and once it is, and the deletion.
 */
import { goString } from '../gotypes/go-text';
import type { ProjectFacts } from './facts';
import { goNames } from './go-controller';

export function suiteTestGo(f: ProjectFacts, header: string): string {
  const versions = [...f.versions].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `${header}

package controller

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

${versions.map((v) => `\t${f.alias(v.name)} ${goString(`${f.module}/api/${v.name}`)}`).join('\n')}
	// +kubebuilder:scaffold:imports
)

// These tests use Ginkgo (BDD-style Go testing framework). Refer to
// http://onsi.github.io/ginkgo/ to learn more about Ginkgo.

var (
	ctx       context.Context
	cancel    context.CancelFunc
	testEnv   *envtest.Environment
	cfg       *rest.Config
	k8sClient client.Client
)

func TestControllers(t *testing.T) {
	RegisterFailHandler(Fail)

	RunSpecs(t, "Controller Suite")
}

var _ = BeforeSuite(func() {
	logf.SetLogger(zap.New(zap.WriteTo(GinkgoWriter), zap.UseDevMode(true)))

	ctx, cancel = context.WithCancel(context.TODO())

	var err error
${versions.map((v) => `\terr = ${f.alias(v.name)}.AddToScheme(scheme.Scheme)\n\tExpect(err).NotTo(HaveOccurred())\n`).join('\n')}
	// +kubebuilder:scaffold:scheme

	By("bootstrapping test environment")
	testEnv = &envtest.Environment{
		CRDDirectoryPaths:     []string{filepath.Join("..", "..", "config", "crd", "bases")},
		ErrorIfCRDPathMissing: true,
	}

	// Retrieve the first found binary directory to allow running tests from IDEs
	if getFirstFoundEnvTestBinaryDir() != "" {
		testEnv.BinaryAssetsDirectory = getFirstFoundEnvTestBinaryDir()
	}

	// cfg is defined in this file globally.
	cfg, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	Expect(cfg).NotTo(BeNil())

	k8sClient, err = client.New(cfg, client.Options{Scheme: scheme.Scheme})
	Expect(err).NotTo(HaveOccurred())
	Expect(k8sClient).NotTo(BeNil())
})

var _ = AfterSuite(func() {
	By("tearing down the test environment")
	cancel()
	err := testEnv.Stop()
	Expect(err).NotTo(HaveOccurred())
})

// getFirstFoundEnvTestBinaryDir locates the first binary in the specified path.
// ENVTEST-based tests depend on specific binaries, usually located in paths set by
// controller-runtime. When running tests directly (e.g., via an IDE) without using
// Makefile targets, the 'BinaryAssetsDirectory' must be explicitly configured.
//
// This function streamlines the process by finding the required binaries, similar to
// setting the 'KUBEBUILDER_ASSETS' environment variable. To ensure the binaries are
// properly set up, run 'make setup-envtest' beforehand.
func getFirstFoundEnvTestBinaryDir() string {
	if os.Getenv("KUBEBUILDER_ASSETS") != "" {
		return ""
	}
	basePath := filepath.Join("..", "..", "bin", "k8s")
	entries, err := os.ReadDir(basePath)
	if err != nil {
		logf.Log.Error(err, "Failed to read directory", "path", basePath)
		return ""
	}
	for _, entry := range entries {
		if entry.IsDir() {
			return filepath.Join(basePath, entry.Name())
		}
	}
	return ""
}
`;
}

export function controllerTestGo(f: ProjectFacts, header: string, samplePath: string): string {
  const n = goNames(f);
  const pkg = f.alias(f.version.name);
  const op = f.operand;
  const cond = f.conditions;
  const avail = `typeAvailable${f.kind}`;
  const expectCondition = (status: string, reason: string): string =>
    cond
      ? `
			Expect(k8sClient.Get(ctx, typeNamespacedName, ${n.recv})).To(Succeed())
			Expect(meta.FindStatusCondition(${n.recv}.Status.Conditions, ${avail})).To(And(
				Not(BeNil()),
				HaveField("Status", Equal(metav1.${status})),
				HaveField("Reason", Equal(${reason}))))`
      : '';
  const namespace = f.namespaced ? 'namespace.Name' : '""';
  return `${header}

package controller

import (
	"context"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

${op ? '\tappsv1 "k8s.io/api/apps/v1"\n' : ''}	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
${cond && op ? '\t"k8s.io/apimachinery/pkg/api/meta"\n' : ''}	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/yaml"

	${pkg} ${goString(`${f.module}/api/${f.version.name}`)}
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
			${n.recv}.Namespace = ${namespace}
			typeNamespacedName = types.NamespacedName{Name: ${n.recv}.Name, Namespace: ${namespace}}
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

		It("should converge the custom resource and clean up on deletion", func() {
			reconciler := &${n.reconciler}{
				Client:    k8sClient,
				APIReader: k8sClient,
				Scheme:    k8sClient.Scheme(),
				Recorder:  events.NewFakeRecorder(100),
			}

			By("Reconciling the custom resource created")
			_, err := reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: typeNamespacedName})
			Expect(err).NotTo(HaveOccurred())

			By("Checking the finalizer")
			Expect(k8sClient.Get(ctx, typeNamespacedName, ${n.recv})).To(Succeed())
			Expect(controllerutil.ContainsFinalizer(${n.recv}, ${n.finalizerConst})).To(BeTrue())
${
  op
    ? `
			By("Checking the Deployment it owns")
			deployment := &appsv1.Deployment{}
			deploymentKey := types.NamespacedName{Name: ${n.recv}.Name, Namespace: ${namespace}}
			Expect(k8sClient.Get(ctx, deploymentKey, deployment)).To(Succeed())
			Expect(deployment.Spec.Replicas).NotTo(BeNil())
			Expect(*deployment.Spec.Replicas).To(Equal(int32(1)))
			owner := metav1.GetControllerOf(deployment)
			Expect(owner).NotTo(BeNil())
			Expect(owner.UID).To(Equal(${n.recv}.UID))
			Expect(deployment.Spec.Template.Spec.Containers[0].Name).To(Equal(${n.containerConst}))

			By("Checking Available=False while no replica is ready (envtest runs no pods)")${expectCondition('ConditionFalse', 'reasonResizing')}

			By("Marking the Deployment's replicas ready, as the Deployment controller would")
			deployment.Status.ObservedGeneration = deployment.Generation
			deployment.Status.Replicas = 1
			deployment.Status.UpdatedReplicas = 1
			deployment.Status.ReadyReplicas = 1
			deployment.Status.AvailableReplicas = 1
			Expect(k8sClient.Status().Update(ctx, deployment)).To(Succeed())

			_, err = reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: typeNamespacedName})
			Expect(err).NotTo(HaveOccurred())
			By("Checking Available=True once the replicas are ready")${expectCondition('ConditionTrue', 'reasonReconciling')}
`
    : ''
}
			By("Deleting the custom resource: the finalizer runs, then the custom resource is gone")
			Expect(k8sClient.Delete(ctx, ${n.recv})).To(Succeed())
			_, err = reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: typeNamespacedName})
			Expect(err).NotTo(HaveOccurred())
			err = k8sClient.Get(ctx, typeNamespacedName, &${pkg}.${f.kind}{})
			Expect(apierrors.IsNotFound(err)).To(BeTrue(), "the custom resource should be gone, got %v", err)
		})
	})
})
`;
}

// Package vtcluster holds the tests of simsql scaled out on Vitess: a
// cluster of simsql shards behind vttablets and vtgate, started by
// scripts/cluster.sh (docs/scaling.md). It has no code of its own; its test,
// TestCluster, runs only with SIMSQL_REQUIRE_VITESS=1 (it needs Debian's
// etcd-server and builds Vitess into a cache the first time, about 30
// minutes on 2 cores).
package vtcluster

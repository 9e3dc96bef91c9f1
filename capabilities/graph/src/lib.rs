//! The `graph` capability family: graphs on vertices 0..n−1 with exact
//! weights — connectivity, paths, trees, matchings, spectra, counts.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

pub mod wire;

hessian_op::operations! {
    connected_components => ConnectedComponents,
    strongly_connected_components => StronglyConnectedComponents,
    bipartite => Bipartite,
    shortest_path => ShortestPath,
    longest_path => LongestPath,
    distances => Distances,
    distance_matrix => DistanceMatrix,
    eccentricity => Eccentricity,
    traversal => Traversal,
    topological_order => TopologicalOrder,
    minimum_spanning_tree => MinimumSpanningTree,
    steiner_tree => SteinerTree,
    spanning_tree_count => SpanningTreeCount,
    adjacency_matrix => AdjacencyMatrix,
    laplacian_matrix => LaplacianMatrix,
    characteristic_polynomial => CharacteristicPolynomial,
    triangles_count => TriangleCount,
    girth => Girth,
    articulation_points => CutVertices,
    eulerian => Eulerian,
    maximum_matching => MaximumMatching,
    maximum_flow => MaximumFlow,
    maximum_cut => MaximumCut,
    minimum_cost_flow => MinimumCostFlow,
    chromatic_number => ChromaticNumber,
    edge_chromatic_number => EdgeChromaticNumber,
    clique_number => CliqueNumber,
    isomorphism => Isomorphism,
    subgraph_isomorphism => SubgraphIsomorphism,
    homomorphism => Homomorphism,
    degree_sequence_graphical => Graphical,
    standard_construct => Construct,
    independence_number => IndependenceNumber,
    vertex_cover => VertexCover,
    dominating_set => DominatingSet,
    feedback_vertex_set => FeedbackVertexSet,
    condensation => Condensation,
    degree_sequence => DegreeSequence,
    hamiltonian => Hamiltonian,
    chromatic_polynomial => ChromaticPolynomial,
    biconnected_components => BiconnectedComponents,
    automorphism_group_order => AutomorphismGroupOrder,
    planarity => PlanarityTest,
    ramsey_colouring => RamseyColouring,
    bipartite_matching => BipartiteMatching,
    maximum_weight_matching => MaximumWeightMatching,
}

#[cfg(test)]
mod tests;
